import { createHash } from 'node:crypto';
import { Avatar, Style } from '@dicebear/core';
import personasDefinition from '@dicebear/styles/personas.json' with { type: 'json' };

/**
 * An educator's picture: the uploaded photo when there is one, else an avatar drawn by DiceBear (personas style)
 * from the educator's seed, the same picture on every call and every server. The ETag names the bytes.
 */

/** Pale backgrounds in the spirit of the portal's palette; DiceBear picks one from the seed. */
const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c5f0d8'];

const personas = new Style(personasDefinition);

export interface ProfileImage {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

export function generatedAvatar(seed: string): ProfileImage {
  const svg = new Avatar(personas, { seed, size: 128, borderRadius: 50, backgroundColor: BACKGROUNDS }).toString();
  const bytes = Buffer.from(svg, 'utf8');
  return { bytes, contentType: 'image/svg+xml', etag: etagOf(bytes) };
}

export function uploadedImage(bytes: Buffer, contentType: string): ProfileImage {
  return { bytes, contentType, etag: etagOf(bytes) };
}

function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
