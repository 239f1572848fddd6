import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markAppStarted, resetAppStartForTests, useSlicedAnswer } from './use-sliced-answer';

const answer = { rows: ['Ava', 'Noah'] };

/** A list whose answer is in the cache at its first render; `drawn` records what each render drew. */
function List({ drawn }: { drawn: Array<string[] | undefined> }) {
  const data = useSlicedAnswer(answer);
  drawn.push(data?.rows);
  return (
    <ul aria-label="list">
      {data?.rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

describe('useSlicedAnswer', () => {
  // The web project shares modules between its files: one that drew the shell's first page has marked the app
  // started, so each test here starts the app again (and leaves it so for the files after it).
  beforeEach(resetAppStartForTests);
  afterEach(resetAppStartForTests);

  it('draws an answer already there at the first page as the app starts in a later render, not in the first commit', async () => {
    const drawn: Array<string[] | undefined> = [];
    render(<List drawn={drawn} />);
    expect(await screen.findByText('Noah')).toBeInTheDocument();
    expect(drawn[0]).toBeUndefined();
    expect(drawn.at(-1)).toEqual(answer.rows);
  });

  it('draws an answer already there at once on a page after the first', () => {
    markAppStarted();
    const drawn: Array<string[] | undefined> = [];
    render(<List drawn={drawn} />);
    expect(drawn).toEqual([answer.rows]);
    expect(screen.getByText('Noah')).toBeInTheDocument();
  });
});
