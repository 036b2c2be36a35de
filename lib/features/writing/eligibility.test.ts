// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { asksToBeLeftAlone, eligibleField, offeredField, spellcheckOff, typingField } from './eligibility.ts';

function make(html: string): HTMLElement {
  document.body.innerHTML = html;
  const el = document.querySelector<HTMLElement>('#target, [data-target]');
  if (!el) throw new Error('fixture has no #target');
  return el;
}

describe('eligibleField', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('accepts textareas and text-like inputs', () => {
    expect(eligibleField(make('<textarea id="target"></textarea>'))?.kind).toBe('textarea');
    for (const type of ['text', 'search', 'email', 'url']) {
      expect(eligibleField(make(`<input id="target" type="${type}">`))?.kind, type).toBe('input');
    }
    expect(eligibleField(make('<input id="target">'))?.kind).toBe('input');
  });

  it('refuses passwords and inputs that do not hold prose', () => {
    for (const type of ['password', 'number', 'tel', 'date', 'checkbox', 'hidden', 'file']) {
      expect(eligibleField(make(`<input id="target" type="${type}">`)), type).toBeNull();
    }
  });

  it('refuses payment, one-time-code and password autocomplete fields', () => {
    for (const ac of ['cc-number', 'billing cc-name', 'one-time-code', 'section-a cc-csc', 'current-password']) {
      expect(eligibleField(make(`<input id="target" type="text" autocomplete="${ac}">`)), ac).toBeNull();
      expect(eligibleField(make(`<textarea id="target" autocomplete="${ac}"></textarea>`)), ac).toBeNull();
    }
    expect(eligibleField(make('<input id="target" autocomplete="name">'))).not.toBeNull();
  });

  it('refuses fields opted out with data-verso="off", on the field or around it', () => {
    expect(eligibleField(make('<textarea id="target" data-verso="off"></textarea>'))).toBeNull();
    expect(eligibleField(make('<form data-verso="off"><textarea id="target"></textarea></form>'))).toBeNull();
    expect(eligibleField(make('<div contenteditable="true" data-verso="off"><p id="target">x</p></div>'))).toBeNull();
  });

  it('refuses read-only and disabled fields', () => {
    expect(eligibleField(make('<textarea id="target" readonly></textarea>'))).toBeNull();
    expect(eligibleField(make('<input id="target" disabled>'))).toBeNull();
  });

  it('gives the editing host of a contenteditable region', () => {
    const inner = make('<div id="host" contenteditable="true"><p>Some <b id="target">bold</b></p></div>');
    const field = eligibleField(inner);
    expect(field?.kind).toBe('editable');
    expect(field?.element.id).toBe('host');
    expect(eligibleField(make('<div id="target" contenteditable="false">x</div>'))).toBeNull();
    expect(eligibleField(make('<div id="target">plain</div>'))).toBeNull();
  });

  it('ignores things that are not elements', () => {
    expect(eligibleField(null)).toBeNull();
    expect(eligibleField(document.createTextNode('x'))).toBeNull();
  });

  it('refuses shown passwords: text fields whose name, id or autocomplete says password or PIN', () => {
    for (const attrs of [
      'name="password"',
      'name="user_password"',
      'id="newPassword"',
      'name="passwd"',
      'id="pwd"',
      'name="login-pwd2"',
      'name="pin"',
      'id="cardPin"',
      'name="passcode"',
      'autocomplete="current-password"',
      'autocomplete="section-x new-password"',
      'autocomplete="NEW-PASSWORD"',
    ]) {
      expect(eligibleField(make(`<input data-target type="text" ${attrs}>`)), attrs).toBeNull();
    }
    // Words that only contain the letters are not passwords.
    for (const attrs of ['name="spinner"', 'id="opinion"', 'name="shipping"', 'name="pinyin"']) {
      expect(eligibleField(make(`<input id="target" type="text" ${attrs}>`)), attrs).not.toBeNull();
    }
  });

  it('refuses card and bank fields by name, id, label or placeholder when they carry no autocomplete token', () => {
    for (const attrs of [
      'name="cardnumber"',
      'name="card_number"',
      'id="ccNumber"',
      'name="cc-number"',
      'aria-label="Card number"',
      'placeholder="Credit card"',
      'name="cvc"',
      'id="cvv2"',
      'aria-label="CVV"',
      'name="iban"',
      'placeholder="IBAN"',
      'aria-label="Security code"',
    ]) {
      expect(eligibleField(make(`<input data-target type="text" ${attrs}>`)), attrs).toBeNull();
      expect(eligibleField(make(`<textarea data-target ${attrs}></textarea>`)), attrs).toBeNull();
    }
    expect(eligibleField(make('<div id="target" contenteditable="true" aria-label="Card number"></div>'))).toBeNull();
    for (const attrs of ['name="cardiology"', 'placeholder="Your message"', 'name="discard"', 'aria-label="Libanon"']) {
      expect(eligibleField(make(`<input id="target" type="text" ${attrs}>`)), attrs).not.toBeNull();
    }
  });
});

describe('fields the page asked to be left alone', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reads spellcheck the way the attribute inherits: the nearest valid value up the tree decides', () => {
    expect(spellcheckOff(make('<textarea id="target" spellcheck="false"></textarea>'))).toBe(true);
    expect(spellcheckOff(make('<textarea id="target" spellcheck="FALSE"></textarea>'))).toBe(true);
    expect(spellcheckOff(make('<form spellcheck="false"><div><input id="target"></div></form>'))).toBe(true);
    // A nearer "true" (or "", which means true) wins over a "false" further up.
    expect(
      spellcheckOff(make('<div spellcheck="false"><textarea id="target" spellcheck="true"></textarea></div>')),
    ).toBe(false);
    expect(spellcheckOff(make('<div spellcheck="false"><p spellcheck=""><input id="target"></p></div>'))).toBe(false);
    // An invalid value is the default state: it follows the parent.
    expect(spellcheckOff(make('<div spellcheck="false"><input id="target" spellcheck="no"></div>'))).toBe(true);
    expect(spellcheckOff(make('<input id="target" spellcheck="no">'))).toBe(false);
    expect(spellcheckOff(make('<textarea id="target"></textarea>'))).toBe(false);
  });

  it('inherits spellcheck="false" from the host of a shadow root', () => {
    document.body.innerHTML = '<div id="host" spellcheck="false"></div>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<textarea></textarea>';
    const field = root.querySelector('textarea')!;
    expect(spellcheckOff(field)).toBe(true);
    expect(typingField(field)).toBeNull();
  });

  it('code editors only where the person chose them; their own spellcheck="false" then says nothing', () => {
    const code = make(
      '<div class="cm-editor"><div class="cm-scroller"><div id="target" class="cm-content" contenteditable="true" spellcheck="false"></div></div></div>',
    );
    expect(asksToBeLeftAlone(code)).toBe(true);
    expect(typingField(code)).toBeNull();
    expect(typingField(code, { codeEditors: true })?.element).toBe(code);
    expect(offeredField(code, { codeEditors: true })?.element).toBe(code);
    // Grammarly's opt-out still counts.
    code.closest('.cm-editor')!.setAttribute('data-gramm', 'false');
    expect(typingField(code, { codeEditors: true })).toBeNull();
    const monaco = make('<div class="monaco-editor"><textarea id="target"></textarea></div>');
    expect(typingField(monaco)).toBeNull();
    expect(typingField(monaco, { codeEditors: true })?.element).toBe(monaco);
    // The choice is about code editors only: other fields with spellcheck="false" stay alone.
    expect(typingField(make('<textarea id="target" spellcheck="false"></textarea>'), { codeEditors: true })).toBeNull();
  });

  it('takes Grammarly’s opt-outs, on the field or around it', () => {
    for (const html of [
      '<textarea id="target" data-gramm="false"></textarea>',
      '<div data-gramm="false"><textarea id="target"></textarea></div>',
      '<textarea id="target" data-gramm_editor="false"></textarea>',
      '<input id="target" data-enable-grammarly="false">',
      '<div id="target" contenteditable="true" data-gramm="false"></div>',
    ]) {
      expect(asksToBeLeftAlone(make(html)), html).toBe(true);
    }
    expect(asksToBeLeftAlone(make('<textarea id="target" data-gramm="true"></textarea>'))).toBe(false);
  });

  it('such fields get no button and no typing features, but the person may still ask for help there', () => {
    for (const html of [
      '<textarea id="target" spellcheck="false"></textarea>',
      '<section spellcheck="false"><input id="target" type="text"></section>',
      '<textarea id="target" data-gramm="false"></textarea>',
      '<div id="target" contenteditable="true" spellcheck="false"><p>x</p></div>',
    ]) {
      const el = make(html);
      expect(eligibleField(el), html).not.toBeNull();
      expect(offeredField(el), html).toBeNull();
      expect(typingField(el), html).toBeNull();
    }
    const plain = make('<textarea id="target"></textarea>');
    expect(offeredField(plain)).not.toBeNull();
    expect(typingField(plain)).not.toBeNull();
  });

  it('a form whose controls shadow parentNode and getAttribute does not send the walk round', () => {
    const field = make(
      '<form spellcheck="false"><input name="parentNode"><input name="getAttribute"><input name="nodeType"><textarea id="target"></textarea></form>',
    );
    expect(spellcheckOff(field)).toBe(true);
  });
});
