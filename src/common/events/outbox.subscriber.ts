import { EntitySubscriberInterface, EventSubscriber, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { dropEvents, flushEvents } from './events';

/**
 * Writes the events raised in a transaction (raiseEvent) into the outbox just
 * before it commits, and forgets them when it rolls back. Registered on the
 * data source (database/data-source-options.ts).
 */
@EventSubscriber()
export class OutboxSubscriber implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    await flushEvents(event.queryRunner, event.connection, event.manager);
  }

  beforeTransactionRollback(event: TransactionRollbackEvent): void {
    dropEvents(event.queryRunner);
  }
}
