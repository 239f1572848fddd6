import { z } from 'zod';

/**
 * General files (help documents offered to every contact, listed in the profile) and their download links
 * (spec §7): `GET file/general?filePath=` with a bearer token, or `GET file/generateAccessToken/{id}` for a
 * short-lived access key and then `GET file/({accessKey})` without one (for a plain link or a new tab).
 */

export const FILE_ACCESS_KEY_TTL_SECONDS = 300;

export const GeneralFileQuery = z.strictObject({
  filePath: z.string().min(1).max(500).describe('filePath of one of the profile\u2019s generalFiles'),
});

export const FileAccessKeyResponse = z
  .object({
    accessKey: z.string().describe('Signed key for GET /v1/file/({accessKey}); valid 5 minutes, for this file only'),
    expiresIn: z.number().int().describe('Seconds until the key expires'),
  })
  .meta({ id: 'FileAccessKeyResponse' });
export type FileAccessKeyResponse = z.infer<typeof FileAccessKeyResponse>;

/** The spec's literal form: the key in parentheses, e.g. `(eyJ…)`. */
export const FileByAccessKeyParams = z.strictObject({
  accessKey: z
    .string()
    .max(200)
    .regex(/^\([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\)$/, { message: 'Must be an access key in parentheses' })
    .describe('The access key in parentheses: (eyJ…)'),
});

/** The path, under /v1/, that downloads a file with an access key. */
export function fileAccessPath(accessKey: string): string {
  return `file/(${accessKey})`;
}

/** Any downloadable file: its bytes, with its content type and `content-disposition: attachment`. */
export const FileBytes = z.string().meta({ format: 'binary' }).describe('The file');
