// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { captureSelection, editingHostOf } from './capture.ts';

afterEach(() => {
  document.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

describe('captureSelection', () => {
  it('reads the selection of a focused textarea, with the rest of its value as context', () => {
    document.body.innerHTML = '<div lang="fr"><textarea id="t">Bonjour. Merci beaucoup. Au revoir.</textarea></div>';
    const field = document.getElementById('t') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(9, 24);
    const capture = captureSelection(document, { withContext: true });
    expect(capture?.selection.paragraphs).toEqual(['Merci beaucoup.']);
    expect(capture?.context).toBe('Bonjour.\n\nAu revoir.');
    expect(capture?.pageLang).toBe('fr');
    expect(capture?.target).toMatchObject({ kind: 'field', field, start: 9, end: 24 });
  });

  it('leaves context out when it is not wanted', () => {
    document.body.innerHTML = '<textarea id="t">One. Two. Three.</textarea>';
    const field = document.getElementById('t') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(5, 9);
    expect(captureSelection(document, { withContext: false })?.context).toBe('');
  });

  it('never reads a password field, and offers no replacement in a read-only one', () => {
    document.body.innerHTML =
      '<input id="pw" type="password" value="secret words"><textarea id="ro" readonly>Fixed text</textarea>';
    const pw = document.getElementById('pw') as HTMLInputElement;
    pw.focus();
    pw.setSelectionRange(0, 6);
    expect(captureSelection(document, { withContext: true })).toBeNull();
    const ro = document.getElementById('ro') as HTMLTextAreaElement;
    ro.focus();
    ro.setSelectionRange(0, 5);
    expect(captureSelection(document, { withContext: true })?.target.kind).toBe('detached');
  });

  it('serialises a document selection and finds its editing host', () => {
    document.body.innerHTML =
      '<div id="ed" contenteditable="true"><p>Hello <b>there</b></p></div><p id="plain">Plain</p>';
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('#ed p')!);
    document.getSelection()?.addRange(range);
    const capture = captureSelection(document, { withContext: false });
    expect(capture?.selection.paragraphs).toEqual(['Hello <b>there</b>']);
    expect(capture?.target).toMatchObject({ kind: 'range', editingHost: document.getElementById('ed') });
    expect(editingHostOf(document.getElementById('plain')!)).toBeNull();
  });

  it('falls back to the menu’s copy of the text, and gives null when nothing is selected', () => {
    expect(captureSelection(document, { withContext: true })).toBeNull();
    const capture = captureSelection(document, { withContext: true, fallbackText: 'From the menu' });
    expect(capture?.selection.paragraphs).toEqual(['From the menu']);
    expect(capture?.target.kind).toBe('detached');
  });

  describe('over maxChars', () => {
    it('a text field: only measured, with its exact length', () => {
      const long = 'Words and more words. '.repeat(100);
      document.body.innerHTML = `<textarea id="t">${long}</textarea>`;
      const field = document.getElementById('t') as HTMLTextAreaElement;
      field.focus();
      field.setSelectionRange(0, long.length);
      const capture = captureSelection(document, { withContext: false, maxChars: 1_000 });
      expect(capture?.selection.text).toBe(long);
      expect(capture?.selection.paragraphs).toEqual([]);
    });

    it('a page: read only until it passes the limit, then marked as cut', () => {
      document.body.innerHTML = `<div id="all">${'<p>A sentence about the sea and its boats.</p>'.repeat(200)}</div>`;
      const range = document.createRange();
      range.selectNodeContents(document.getElementById('all')!);
      document.getSelection()?.addRange(range);
      const capture = captureSelection(document, { withContext: false, maxChars: 1_000 });
      expect(capture?.selection.cut).toBe(true);
      expect(capture?.selection.paragraphs.length).toBeLessThan(30);
    });

    it("the menu's copy that was too long to pass on: a cut, empty selection", () => {
      const capture = captureSelection(document, { withContext: false, maxChars: 1_000, fallbackChars: 5_000 });
      expect(capture?.selection).toMatchObject({ cut: true, paragraphs: [], text: '' });
      expect(capture?.target).toEqual({ kind: 'detached' });
    });
  });
});
