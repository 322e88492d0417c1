import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, StorageConfig } from '../../config/configuration';
import { FILE_STORAGE, FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';

/** The storage the configuration names (S3_BUCKET set: S3; otherwise UPLOADS_DIR). */
export function createFileStorage(config: StorageConfig): FileStorage {
  return config.driver === 's3' ? new S3FileStorage(config) : new LocalFileStorage(config.uploadsDir, config.assetHost);
}

/** `@Inject(FILE_STORAGE) storage: FileStorage` for the modules that import it. */
@Module({
  providers: [{ provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config.storage) }],
  exports: [FILE_STORAGE],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.destroy();
  }
}
