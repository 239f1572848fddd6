import { describe, expect, it } from 'vitest';
import { firstInvalidControl } from './focus-first-invalid';

function form(html: string): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = html;
  return element;
}

describe('firstInvalidControl', () => {
  it('is the first invalid field in reading order, not the first in the errors object', () => {
    const root = form(`
      <input name="a" />
      <input name="b" aria-invalid="true" />
      <input name="c" aria-invalid="true" />`);
    expect(firstInvalidControl(root)?.getAttribute('name')).toBe('b');
  });

  it('reaches a group that cannot take the focus itself through its first control', () => {
    const root = form(`
      <section><h2>Where</h2><select name="where"></select></section>
      <section><h2>Confirmations</h2>
        <ul><li><input type="checkbox" name="first" /></li><li><input type="checkbox" name="second" /></li></ul>
        <p class="Mui-error">Please choose at least one confirmation contact</p>
      </section>`);
    expect(firstInvalidControl(root)?.getAttribute('name')).toBe('first');
  });

  it('reaches a group that marks itself invalid (its message is not a helper text) through its first control', () => {
    const root = form(`
      <fieldset data-invalid="true"><legend>Dates</legend><button type="button" name="one-day">One day</button></fieldset>
      <input name="later" aria-invalid="true" />`);
    expect(firstInvalidControl(root)?.getAttribute('name')).toBe('one-day');
  });

  it('skips disabled controls, and is nothing when all is valid', () => {
    const root = form(`<fieldset><button disabled>Off</button><button name="on">On</button><p class="Mui-error">x</p></fieldset>`);
    expect(firstInvalidControl(root)?.getAttribute('name')).toBe('on');
    expect(firstInvalidControl(form('<input name="ok" />'))).toBeUndefined();
  });
});
