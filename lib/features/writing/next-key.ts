import { z } from 'zod';

/**
 * The key that goes to the next suggestion of checking as you type (Shift with it: the previous one).
 * Stored as `Ctrl+Alt+Meta+<code>` (the modifiers present, in that order, then `KeyboardEvent.code`, so
 * the same physical key works whatever the keyboard layout makes of it with Alt), F8 by default.
 *
 * A key the field needs for typing would stop working there, so: a function key alone, or any other key
 * with Ctrl, Alt or Meta; never Shift (it goes back), never a modifier alone, never the editing
 * shortcuts of text fields (Ctrl or Meta with A, B, C, I, U, V, X, Y, Z), never Alt+Enter ("translate
 * what I type").
 */
export const DEFAULT_NEXT_KEY = 'F8';

const MODIFIERS = ['Ctrl', 'Alt', 'Meta'] as const;
type Modifier = (typeof MODIFIERS)[number];

/** What a key press is made of, as the setting keeps it. */
export interface KeyPress {
  code: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export type NextKeyProblem = 'modifier' | 'shift' | 'plain' | 'editing' | 'translate';

const FUNCTION_KEY = /^F([1-9]|1[0-9]|2[0-4])$/;
const MODIFIER_CODES = /^(Shift|Control|Alt|Meta|OS)(Left|Right)?$|^(CapsLock|Fn|FnLock|AltGraph)$/;
const EDITING_CODES = new Set(['KeyA', 'KeyB', 'KeyC', 'KeyI', 'KeyU', 'KeyV', 'KeyX', 'KeyY', 'KeyZ']);
/** A `KeyboardEvent.code` as the browser names keys: letters, digits, named keys. */
const CODE = /^[A-Z][A-Za-z0-9]{0,30}$/;

/** Why the press cannot be the key for the next suggestion, or null when it can. */
export function nextKeyProblem(press: KeyPress): NextKeyProblem | null {
  if (MODIFIER_CODES.test(press.code) || !CODE.test(press.code)) return 'modifier';
  if (press.shiftKey) return 'shift';
  const modified = press.ctrlKey || press.altKey || press.metaKey;
  if (!modified) return FUNCTION_KEY.test(press.code) ? null : 'plain';
  if ((press.ctrlKey || press.metaKey) && EDITING_CODES.has(press.code)) return 'editing';
  if (press.altKey && !press.ctrlKey && !press.metaKey && press.code === 'Enter') return 'translate';
  return null;
}

/** The stored form of a press (`Ctrl+Alt+KeyJ`). */
export function keyOf(press: KeyPress): string {
  const held: Record<Modifier, boolean> = { Ctrl: press.ctrlKey, Alt: press.altKey, Meta: press.metaKey };
  return [...MODIFIERS.filter((m) => held[m]), press.code].join('+');
}

/** The press a stored key stands for, or null when it is not one this accepts. */
export function pressOf(key: string): KeyPress | null {
  const parts = key.split('+');
  const code = parts.pop() ?? '';
  const mods = new Set(parts);
  if (mods.size !== parts.length || parts.some((p) => !(MODIFIERS as readonly string[]).includes(p))) return null;
  const press = {
    code,
    ctrlKey: mods.has('Ctrl'),
    altKey: mods.has('Alt'),
    metaKey: mods.has('Meta'),
    shiftKey: false,
  };
  return keyOf(press) === key && nextKeyProblem(press) === null ? press : null;
}

export const NextKey = z
  .string()
  .max(60)
  .refine((key) => pressOf(key) !== null, { message: 'not a usable key' });

/** The stored key `matchNextKey` last read, and the press it stands for. */
let wanted: { key: string; press: KeyPress } | undefined;

/**
 * Whether the event is the key (`direction` 1) or Shift with it (-1), else 0. The other modifiers must
 * be exactly the stored ones.
 */
export function matchNextKey(event: KeyPress, key: string): 1 | -1 | 0 {
  // Asked on every key: the stored key is read once for as long as it stays the same.
  if (wanted?.key !== key) wanted = { key, press: pressOf(key) ?? pressOf(DEFAULT_NEXT_KEY)! };
  const want = wanted.press;
  if (event.code !== want.code) return 0;
  if (event.ctrlKey !== want.ctrlKey || event.altKey !== want.altKey || event.metaKey !== want.metaKey) return 0;
  return event.shiftKey ? -1 : 1;
}

const onMac = () => typeof navigator !== 'undefined' && /Mac/.test(navigator.platform);

/** A press as people read it: `Ctrl+Alt+J`, `F8`, `Alt+↓` (on a Mac ⌘ and ⌥), usable or not. */
export function pressLabel(press: KeyPress, mac = onMac()): string {
  const name = press.code
    .replace(/^Key([A-Z])$/, '$1')
    .replace(/^Digit(\d)$/, '$1')
    .replace(/^Numpad(\d)$/, 'Num $1')
    .replace(/^Arrow(Up|Down|Left|Right)$/, (_, d: string) => ({ Up: '↑', Down: '↓', Left: '←', Right: '→' })[d]!);
  const held: Record<Modifier, boolean> = { Ctrl: press.ctrlKey, Alt: press.altKey, Meta: press.metaKey };
  const mods = MODIFIERS.filter((m) => held[m]).map((m) => (!mac ? m : m === 'Meta' ? '⌘' : m === 'Alt' ? '⌥' : m));
  return [...mods, ...(press.shiftKey ? ['Shift'] : []), name].join('+');
}

/** The stored key as people read it. */
export function keyLabel(key: string, mac = onMac()): string {
  const press = pressOf(key);
  return press ? pressLabel(press, mac) : key;
}
