import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_KEY, type KeyPress, keyLabel, keyOf, matchNextKey, nextKeyProblem, pressOf } from './next-key.ts';
import { TypingSettings } from './typing-settings.ts';

const press = (code: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  code,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('the key for the next suggestion', () => {
  it('takes a function key alone, or a key with Ctrl, Alt or Meta', () => {
    expect(nextKeyProblem(press('F8'))).toBeNull();
    expect(nextKeyProblem(press('F12'))).toBeNull();
    expect(nextKeyProblem(press('KeyJ', { altKey: true }))).toBeNull();
    expect(nextKeyProblem(press('ArrowDown', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(nextKeyProblem(press('Enter', { ctrlKey: true }))).toBeNull();
  });

  it('refuses keys the field needs, Shift (it goes back), modifiers alone and taken shortcuts', () => {
    expect(nextKeyProblem(press('KeyJ'))).toBe('plain');
    expect(nextKeyProblem(press('Tab'))).toBe('plain');
    expect(nextKeyProblem(press('Enter'))).toBe('plain');
    expect(nextKeyProblem(press('Space'))).toBe('plain');
    expect(nextKeyProblem(press('KeyJ', { shiftKey: true, ctrlKey: true }))).toBe('shift');
    expect(nextKeyProblem(press('ControlLeft', { ctrlKey: true }))).toBe('modifier');
    expect(nextKeyProblem(press('AltRight', { altKey: true }))).toBe('modifier');
    expect(nextKeyProblem(press('KeyZ', { ctrlKey: true }))).toBe('editing');
    expect(nextKeyProblem(press('KeyV', { metaKey: true }))).toBe('editing');
    expect(nextKeyProblem(press('Enter', { altKey: true }))).toBe('translate');
  });

  it('is stored as modifiers and code, read back only when usable', () => {
    expect(keyOf(press('KeyJ', { altKey: true, ctrlKey: true }))).toBe('Ctrl+Alt+KeyJ');
    expect(pressOf('Ctrl+Alt+KeyJ')).toEqual(press('KeyJ', { altKey: true, ctrlKey: true }));
    for (const bad of ['KeyJ', 'Alt+Ctrl+KeyJ', 'Shift+F8', 'Ctrl+Ctrl+KeyJ', 'Ctrl+KeyZ', '', 'Hyper+KeyJ', 'F8<b>']) {
      expect(pressOf(bad), bad).toBeNull();
    }
  });

  it('matches the key, and Shift with it as the way back', () => {
    expect(matchNextKey(press('F8'), DEFAULT_NEXT_KEY)).toBe(1);
    expect(matchNextKey(press('F8', { shiftKey: true }), DEFAULT_NEXT_KEY)).toBe(-1);
    expect(matchNextKey(press('F8', { ctrlKey: true }), DEFAULT_NEXT_KEY)).toBe(0);
    expect(matchNextKey(press('KeyJ', { altKey: true }), 'Alt+KeyJ')).toBe(1);
    expect(matchNextKey(press('KeyJ'), 'Alt+KeyJ')).toBe(0);
    expect(matchNextKey(press('F8'), 'Alt+KeyJ')).toBe(0);
  });

  it('reads as people name keys', () => {
    expect(keyLabel('Ctrl+Alt+KeyJ', false)).toBe('Ctrl+Alt+J');
    expect(keyLabel('Alt+ArrowDown', false)).toBe('Alt+↓');
    expect(keyLabel('Meta+Digit1', true)).toBe('⌘+1');
  });

  it('is a typing setting: F8 by default, a stored key that is not usable is refused', () => {
    expect(TypingSettings.parse({}).nextKey).toBe('F8');
    expect(TypingSettings.parse({ nextKey: 'Alt+KeyJ' }).nextKey).toBe('Alt+KeyJ');
    expect(TypingSettings.safeParse({ nextKey: 'Tab' }).success).toBe(false);
  });
});
