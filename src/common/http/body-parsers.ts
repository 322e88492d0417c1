import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json, raw, text } from 'express';
import qs from 'qs';
import { ApiError, BadRequestError, UnsupportedMediaTypeError } from '../errors/api-errors';
import { MAX_ARRAY_LENGTH, MAX_PARAMETERS, ParameterSource, shapeProblem, ShapeText, tooManyParameters } from './body-shape';

const LIMIT = '1mb';

/**
 * Bracket nesting as Rails reads it, for query strings and forms. Sparse
 * arrays keep their indexes, so `payment_source[3][number]=…` still names
 * payment method 3 (qs would otherwise renumber it to 0). Lists as long as a
 * JSON body may send stay lists (qs's default turns a 21st item into a hash).
 * More pairs than qs keeps are refused rather than silently cut off.
 */
export function parseNested(input: string, where: ParameterSource = 'query string'): Record<string, unknown> {
  if (typeof input === 'string' && tooManyParameters(input)) throw new BadRequestError(ShapeText.tooManyParameters(where));
  return qs.parse(input, { allowSparse: true, depth: 10, parameterLimit: MAX_PARAMETERS, arrayLimit: MAX_ARRAY_LENGTH }) as Record<string, unknown>;
}

/** What the refusals say to send instead. */
const READABLE_TEXT = 'send JSON with Content-Type: application/json, or a form (application/x-www-form-urlencoded or multipart/form-data)';

/** The media types read here: JSON, and forms as Rails reads them (urlencoded or multipart, for every action). */
const READABLE_TYPES = ['application/json', 'application/*+json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/** The media type a request says its body is, as the refusals name it (without parameters, and short). */
function mediaTypeOf(req: Request): string | undefined {
  const header = req.headers['content-type'];
  return header === undefined ? undefined : header.split(';')[0].trim().slice(0, 100);
}

export const BodyText = {
  jsonAsForm: (type: string) => `The request body looks like JSON but is sent as ${type}: send it with Content-Type: application/json.`,
  unreadType: (type: string | undefined) =>
    type ? `The request body is sent as ${type}, which this API does not read: ${READABLE_TEXT}.` : `The request body has no Content-Type: ${READABLE_TEXT}.`,
  fileNotTaken: (field: string) => `The form field '${field.slice(0, 100)}' is a file; only image uploads take files.`,
  unreadableForm: 'The request body could not be read as multipart/form-data.',
};

/**
 * Form bodies: read as text, then nested like the query string. A body that
 * is JSON sent as a form (`curl -d '{…}'` without a JSON Content-Type) is
 * refused with 415: read as a form, it would be one key with no value, and
 * every field "can't be blank". No form field name starts with `{` or `[`.
 */
function urlencoded(options: { limit: string }): RequestHandler {
  const read = text({ type: 'application/x-www-form-urlencoded', limit: options.limit });
  return (req, res, next) =>
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (typeof req.body !== 'string') return next();
      if (/^\s*[{[]/.test(req.body)) return next(new UnsupportedMediaTypeError(BodyText.jsonAsForm(mediaTypeOf(req)!)));
      try {
        req.body = parseNested(req.body, 'request body');
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
}

/**
 * Multipart forms (`curl -F`), as Rails reads them for every action: their
 * fields become the same parameters as a urlencoded form's (same nesting,
 * same limits: 1 MB, MAX_PARAMETERS, the shape), so `-F 'product[name]=Mug'`
 * and `-d 'product[name]=Mug'` are one request. A file is taken only by a
 * route that reads its own multipart body after the guards (`takesUpload`:
 * image uploads, `@TakesUploads()`), whose body is left unread here;
 * anywhere else a file is a 400.
 */
function multipart(options: { limit: string; takesUpload: (req: Request) => boolean }): RequestHandler {
  const read = raw({ type: 'multipart/form-data', limit: options.limit });
  return (req, res, next) => {
    if (!req.is('multipart/form-data') || options.takesUpload(req)) return next();
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!Buffer.isBuffer(req.body)) return next();
      formFields(req.body, req.headers['content-type']!).then((fields) => {
        req.body = fields;
        next();
      }, next);
    });
  };
}

/** A multipart body's fields as the nested parameters of the same urlencoded form (files refused). */
async function formFields(body: Buffer, contentType: string): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new BadRequestError(BodyText.unreadableForm);
  }
  const pairs: string[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') throw new BadRequestError(BodyText.fileNotTaken(name));
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  return parseNested(pairs.join('&'), 'request body');
}

/**
 * A body in any other media type (`text/plain`, as `fetch()` sends a string
 * without headers; none at all) is refused with 415 naming its type: left
 * unread, its fields would all be "blank". Empty bodies pass, and GET, HEAD
 * and OPTIONS bodies are ignored (they carry no meaning: RFC 9110 §9.3).
 */
function refuseUnreadBodies(options: { limit: string }): RequestHandler {
  const read = raw({ type: (req) => !['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? '') && !(req as Request).is(READABLE_TYPES), limit: options.limit });
  return (req, res, next) =>
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!Buffer.isBuffer(req.body)) return next();
      if (req.body.length > 0) return next(new UnsupportedMediaTypeError(BodyText.unreadType(mediaTypeOf(req))));
      req.body = undefined;
      next();
    });
}

/**
 * The query string and the body within the shape limits (body-shape.ts),
 * before any DTO binding walks them by recursion.
 */
function limitShape(req: Request, res: Response, next: NextFunction): void {
  let problem: string | undefined;
  try {
    problem = shapeProblem(req.query, 'query string') ?? shapeProblem(req.body, 'request body');
  } catch (err) {
    if (!(err instanceof BadRequestError)) throw err;
    problem = err.body.error;
  }
  if (problem) return void res.status(400).json({ error: problem });
  next();
}

/**
 * JSON and form bodies (bracket nesting, as Rails reads them; urlencoded or
 * multipart), then their shape limits; any other body refused. A body that
 * cannot be read is answered here with the contract's 400/413/415 body,
 * because these parsers run before Nest's exception filter can see the
 * request. `takesUpload`: the requests whose multipart body their route reads
 * itself (`UploadRoutes.takes`).
 */
export function bodyParsers(options: { takesUpload?: (req: Request) => boolean; keepsRawBody?: (req: Request) => boolean } = {}): RequestHandler[] {
  const takesUpload = options.takesUpload ?? (() => false);
  const keepsRawBody = options.keepsRawBody ?? (() => false);
  // A route whose body is signed over its bytes (a payment provider's webhook) gets them as they came, as a Buffer
  // (whatever its media type, within the same limit), and no other parser nor the shape limits read it.
  const readRaw = raw({ type: () => true, limit: LIMIT });
  const rawFirst: RequestHandler = (req, res, next) => {
    if (!keepsRawBody(req)) return next();
    readRaw(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!Buffer.isBuffer(req.body)) req.body = Buffer.alloc(0);
      next();
    });
  };
  const unlessRaw =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      keepsRawBody(req) ? next() : handler(req, res, next);
  const parsers = [
    rawFirst,
    json({ limit: LIMIT, type: ['application/json', 'application/*+json'] }),
    urlencoded({ limit: LIMIT }),
    multipart({ limit: LIMIT, takesUpload }),
    refuseUnreadBodies({ limit: LIMIT }),
  ].map(
    (parser, index) => (req: Request, res: Response, next: NextFunction) =>
      (index === 0 ? parser : unlessRaw(parser))(req, res, (err?: unknown) => {
        if (!err) return next();
        const e = err as { status?: number; type?: string };
        if (e.status === 413 || e.type === 'entity.too.large') return void res.status(413).json({ error: 'Request body is too large (1 MB at most).' });
        if (e.type === 'entity.parse.failed') return void res.status(400).json({ error: 'The request body is not valid JSON.' });
        if (err instanceof ApiError) return void res.status(err.getStatus()).json(err.body);
        return void res.status(400).json({ error: 'The request body could not be read.' });
      }),
  );
  return [...parsers, unlessRaw(limitShape)];
}
