import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer, { MulterError } from 'multer';
import { ApiError, BadRequestError, InvalidResourceError } from '../../common/errors/api-errors';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

/** The multipart field of the file, as Spree's forms name it. */
export const ATTACHMENT_FIELD = 'image[attachment]';

/**
 * Reads a `multipart/form-data` image body (Spree's `image[attachment]` and
 * the other `image[…]` fields) into memory: nothing touches the disk before
 * the file is checked. Other bodies pass untouched (the JSON form). Runs
 * after the guards, so only an admin's upload is read at all.
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly read: RequestHandler;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.read = multer({
      storage: multer.memoryStorage(),
      // One file (its size checked as it streams in), and a handful of small fields: image metadata is a few short values.
      limits: { fileSize: config.images.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 21, headerPairs: 100 },
    }).single(ATTACHMENT_FIELD);
  }

  async intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.is('multipart/form-data')) {
      const res = context.switchToHttp().getResponse<Response>();
      await new Promise<void>((resolve, reject) => this.read(req, res, (err?: unknown) => (err ? reject(this.refusal(err)) : resolve())));
    }
    return next.handle();
  }

  private refusal(err: unknown): ApiError {
    if (err instanceof MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') {
        return new ApiError(413, { error: `The image is too large (${this.config.images.maxBytes} bytes at most).` });
      }
      if (err.code === 'LIMIT_UNEXPECTED_FILE') return InvalidResourceError.field(err.field ?? 'attachment', `is not expected (send the file as ${ATTACHMENT_FIELD})`);
      return new ApiError(413, { error: 'The form has too many or too large fields.' });
    }
    return new BadRequestError('The request body could not be read.');
  }
}
