import { describe, expect, it } from 'vitest';
import { generatedAvatar } from './candidate-avatar';

describe('generatedAvatar', () => {
  it('draws the same picture, with the same ETag, for the same seed on every call', () => {
    const first = generatedAvatar('ana-lee-1');
    const again = generatedAvatar('ana-lee-1');
    expect(first.contentType).toBe('image/svg+xml');
    expect(first.bytes.toString('utf8')).toMatch(/^<svg[\s>]/);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.etag).toBe(first.etag);
  });

  it('draws another picture for another seed', () => {
    expect(generatedAvatar('tom-nguyen-2').etag).not.toBe(generatedAvatar('ana-lee-1').etag);
  });
});
