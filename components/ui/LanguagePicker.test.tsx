// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Language } from '../../lib/api/index.ts';
import { LanguagePicker } from './LanguagePicker.tsx';

const languages = [
  { lang: 'de', name: 'German', usable_as_source: true, usable_as_target: true },
  { lang: 'en', name: 'English', usable_as_source: true, usable_as_target: false },
  { lang: 'en-GB', name: 'English (British)', usable_as_source: false, usable_as_target: true },
  { lang: 'xx-Newl', name: 'Newlandic', usable_as_source: true, usable_as_target: true, status: 'beta' },
].map((l) => Language.parse({ features: {}, ...l }));

afterEach(cleanup);

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll('option')].map((o) => o.textContent);

describe('LanguagePicker', () => {
  it('lists the usable targets by name, from the data, with their status when not stable', () => {
    render(<LanguagePicker label="Into" usableAs="target" languages={languages} value="de" onChange={() => {}} />);
    const select = screen.getByLabelText('Into') as HTMLSelectElement;
    expect(optionTexts(select)).toEqual(['English (British)', 'German', 'Newlandic (beta)']);
    expect(select.value).toBe('de');
  });

  it('offers detection first for sources and reports the chosen code', () => {
    const onChange = vi.fn();
    render(
      <LanguagePicker label="From" usableAs="source" allowDetect languages={languages} value="" onChange={onChange} />,
    );
    const select = screen.getByLabelText('From') as HTMLSelectElement;
    expect(optionTexts(select)).toEqual(['Detect language', 'English', 'German', 'Newlandic (beta)']);
    fireEvent.change(select, { target: { value: 'xx-Newl' } });
    expect(onChange).toHaveBeenCalledWith('xx-Newl');
  });

  it('keeps a saved code the list does not hold, and matches codes case-insensitively', () => {
    const { rerender } = render(
      <LanguagePicker label="Into" usableAs="target" languages={languages} value="pt-BR" onChange={() => {}} />,
    );
    const select = screen.getByLabelText('Into') as HTMLSelectElement;
    expect(optionTexts(select)[0]).toBe('pt-BR');
    expect(select.value).toBe('pt-BR');
    rerender(<LanguagePicker label="Into" usableAs="target" languages={languages} value="EN-gb" onChange={() => {}} />);
    expect(select.value).toBe('en-GB');
    expect(optionTexts(select)).not.toContain('EN-gb');
  });
});
