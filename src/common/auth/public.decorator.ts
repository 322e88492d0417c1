import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Reachable without an API key even when the store requires authentication (sign-up, sign-in, docs). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
