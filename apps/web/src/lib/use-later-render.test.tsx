import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLaterRender } from './use-later-render';

function Page() {
  const later = useLaterRender();
  return (
    <main>
      <h1>Top</h1>
      {later && <p>Below</p>}
    </main>
  );
}

describe('useLaterRender', () => {
  it('leaves the later part out of the first commit and draws it in the next', async () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useLaterRender());
      return null;
    }
    render(<Probe />);
    expect(seen[0]).toBe(false);
    render(<Page />);
    expect(await screen.findByText('Below')).toBeInTheDocument();
    expect(seen.at(-1)).toBe(true);
  });
});
