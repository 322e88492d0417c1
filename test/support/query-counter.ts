import { DataSource, EntitySubscriberInterface } from 'typeorm';

export interface QueryCounter {
  /** What `work` returned and the statements sent while it ran (nothing else may use the database meanwhile). */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

/**
 * Counts the SQL statements the app sends, through TypeORM's own query event
 * (a subscriber's `beforeQuery`, broadcast by the query runner for every
 * statement, raw `em.query` and transaction control included).
 */
export function queryCounter(db: DataSource): QueryCounter {
  let statements: string[] | null = null;
  const subscriber: EntitySubscriberInterface = {
    beforeQuery: (event) => {
      statements?.push(event.query);
    },
  };
  db.subscribers.push(subscriber);
  return {
    async during<T>(work: () => Promise<T>) {
      statements = [];
      try {
        const result = await work();
        return { result, statements };
      } finally {
        statements = null;
      }
    },
  };
}
