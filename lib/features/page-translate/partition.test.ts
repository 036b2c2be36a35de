// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { partition } from './partition.ts';
import { segment, type Unit } from './segments/index.ts';

const sources = (units: readonly Unit[]) =>
  units.map((u) => (u.kind === 'text' ? `${u.kind}:${u.source}` : `${u.kind}:${u.name}=${u.source}`)).sort();

function section(i: number): string {
  return `<section><h2>Part ${i}</h2><p>Text ${i} with <a href="#">a link</a>.</p><ul><li>One ${i}</li><li>Two <b>${i}</b></li></ul><img alt="Photo ${i}"></section>`;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('partition', () => {
  it('cuts a page of blocks into parts whose units are exactly those of the whole page', () => {
    document.body.innerHTML = `<main>${Array.from({ length: 40 }, (_, i) => section(i)).join('')}</main>
      <div>Loose text beside <div>a nested block</div></div>
      <div title="A tooltip">${Array.from({ length: 3 }, (_, i) => section(100 + i)).join('')}</div>
      <pre>kept as it is</pre>
      <div lang="de"><p>Schon deutsch</p></div>`;
    const whole = segment(document.body, { targetLang: 'DE' }).units;
    const roots = partition(document.body, 50);
    expect(roots.length).toBeGreaterThan(40);
    const parts = roots.flatMap((root) => segment(root, { targetLang: 'DE' }).units);
    expect(sources(parts)).toEqual(sources(whole));
  });

  it('keeps a container with text of its own, attributes or a shadow root whole', () => {
    document.body.innerHTML = `<div id="mixed">Own text<div>${section(1)}</div></div><div id="titled" title="Tip">${section(2)}</div><div id="host"></div>`;
    const host = document.getElementById('host')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>Inside</p>';
    for (let i = 0; i < 3; i++) host.append(Object.assign(document.createElement('p'), { textContent: `Light ${i}` }));
    const roots = partition(document.body, 1);
    expect(roots.map((r) => r.id)).toEqual(expect.arrayContaining(['mixed', 'titled', 'host']));
  });

  it('takes a small tree whole', () => {
    document.body.innerHTML = section(1);
    expect(partition(document.body)).toEqual([document.body]);
  });
});
