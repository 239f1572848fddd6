import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on first use only, and then behaves as the schema', () => {
    const build = vi.fn(() => z.object({ id: z.number().int(), name: z.string().min(1) }));
    const Row = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(Row.parse({ id: 3, name: 'Ada' })).toEqual({ id: 3, name: 'Ada' });
    expect(Row.safeParse({ id: 1.5, name: '' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Row instanceof z.ZodObject).toBe(true);
    expect('_zod' in Row).toBe(true);
    expect(Object.keys(Row.shape)).toEqual(['id', 'name']);
  });

  it('composes: a schema built from lazy ones, a lazy one from another, an extended one', () => {
    const Id = lazySchema(() => z.number().int().positive());
    const Row = lazySchema(() => z.object({ id: Id, tags: z.array(z.string()) }));
    const Rows = lazySchema(() => z.array(Row).max(2));
    const Named = lazySchema(() => Row.extend({ name: z.string() }));
    expect(Rows.parse([{ id: 1, tags: [] }])).toEqual([{ id: 1, tags: [] }]);
    expect(Rows.safeParse([{ id: -1, tags: [] }]).success).toBe(false);
    expect(Named.parse({ id: 2, tags: ['a'], name: 'x' })).toEqual({ id: 2, tags: ['a'], name: 'x' });
    expect(z.object({ row: Row.optional() }).parse({})).toEqual({});
  });

  it('reports its issues as the schema does, through a form resolver too', async () => {
    const Form = lazySchema(() => z.object({ email: z.email({ error: 'This field must be a valid email' }) }));
    const result = await zodResolver(Form)({ email: 'nope' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.email?.message).toBe('This field must be a valid email');
  });
});
