import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { translateTexts } from '../engine/translate.ts';
import { documentCalls } from '../testing/documents.ts';
import { serviceForTests } from '../testing/vitest.ts';

// Each document format over HTTP: what is translated, what is kept byte for byte.

const svc = serviceForTests({ documentStepMs: 20 });
const { upload, translateFile } = documentCalls(svc);

describe('formats', () => {
  it('html: translates text between tags and keeps the markup; htm output is allowed', async () => {
    const page =
      '<!DOCTYPE html><html><head><style>p { color: red; }</style></head><body><p class="x">Hello <b>world</b></p><script>let hello = 1;</script></body></html>';
    const { text, headers, finished } = await translateFile('page.html', page, {
      target_lang: 'de',
      source_lang: 'en',
      output_format: 'htm',
    });
    expect(headers.get('content-disposition')).toBe('attachment; filename="page.de.htm"');
    expect(text.replace(/>[^<]*</g, '><')).toBe(page.replace(/>[^<]*</g, '><'));
    expect(text).toContain('<style>p { color: red; }</style>');
    expect(text).toContain('<script>let hello = 1;</script>');
    expect(text).not.toContain('>Hello <b>world<');
    expect(finished.billed_characters).toBe(
      'Hello world'.length + 'p { color: red; }'.length + 'let hello = 1;'.length,
    );
  });

  it('srt: keeps numbers, timecodes and CRLF line ends, translates each subtitle', async () => {
    const subtitles =
      '1\r\n00:00:01,000 --> 00:00:03,500\r\nHello there.\r\nHow are you?\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\nFine, thanks.\r\n';
    const { text } = await translateFile('film.srt', subtitles, { target_lang: 'fr', source_lang: 'en' });
    const lines = text.split('\r\n');
    expect(lines.filter((_, i) => [0, 1, 4, 5, 6, 8].includes(i))).toEqual([
      '1',
      '00:00:01,000 --> 00:00:03,500',
      '',
      '2',
      '00:00:04,000 --> 00:00:06,000',
      '',
    ]);
    expect(lines).toHaveLength(9);
    expect(lines[2]).not.toBe('Hello there.');
    expect(lines[2]).toHaveLength('Hello there.'.length);
    expect(text.includes('\n') && !/[^\r]\n/.test(text)).toBe(true);
  });

  it('srt: refuses a malformed file naming the line', async () => {
    const res = await upload(
      { name: 'bad.srt', content: '1\n00:00:01,000 --> 00:00:02,000\nHi\n\nnot a number\n' },
      { target_lang: 'de' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('line 5');
  });

  const xliff = (version: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="${version}" srcLang="en"${extra}>
  <file id="f1">
    <unit id="u1">
      <segment id="s1">
        <source>Hello <ph id="1"/> world &amp; friends</source>
      </segment>
    </unit>
    <unit id="u2">
      <segment>
        <source xml:space="preserve">Good morning</source>
        <target>old</target>
      </segment>
      <ignorable><source> </source></ignorable>
    </unit>
  </file>
</xliff>`;

  it('xliff 2.1: writes a target after each source and sets trgLang', async () => {
    const { text, headers } = await translateFile('strings.xlf', xliff('2.1'), {
      target_lang: 'en-GB',
      source_lang: 'de',
    });
    expect(headers.get('content-disposition')).toBe('attachment; filename="strings.en-gb.xlf"');
    expect(text).toContain('srcLang="en" trgLang="en-GB">');
    expect(text).toMatch(
      /<source>Hello <ph id="1"\/> world &amp; friends<\/source><target>[^<]+<ph id="1"\/>[^<]+&amp;[^<]+<\/target>/,
    );
    expect(text).toMatch(
      /<source xml:space="preserve">Good morning<\/source>\s*<target xml:space="preserve">[^<]+<\/target>/,
    );
    expect(text).not.toContain('<target>old</target>');
    expect(text).toContain('<ignorable><source> </source></ignorable>');
    expect(text.match(/<target/g)).toHaveLength(2);
  });

  it('xliff: replaces an existing trgLang', async () => {
    const { text } = await translateFile('s.xliff', xliff('2.1', ' trgLang="fr"'), {
      target_lang: 'de',
      source_lang: 'en',
    });
    expect(text).toContain('trgLang="de"');
    expect(text).not.toContain('trgLang="fr"');
  });

  it.each([
    ['1.2', /XLIFF version 1.2 is not supported/],
    ['2.0', /XLIFF version 2.0 is not supported/],
  ])('xliff: refuses version %s with 400', async (version, message) => {
    const res = await upload({ name: 's.xlf', content: xliff(version) }, { target_lang: 'de' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it('xliff: refuses a file that is not XLIFF', async () => {
    const res = await upload({ name: 's.xlf', content: '<html></html>' }, { target_lang: 'de' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('not an XLIFF document');
  });

  it('txt: refuses bytes that are not UTF-8 and keeps a byte-order mark', async () => {
    const bad = await upload({ name: 'a.txt', content: new Uint8Array([0x48, 0xff, 0xfe]) }, { target_lang: 'de' });
    expect(bad.status).toBe(400);
    const { bytes } = await translateFile('bom.txt', new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('Hello')]), {
      target_lang: 'de',
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  describe('docx', () => {
    const documentXml = (body: string) =>
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`;
    const paragraphs =
      '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Hello</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve"> big world &amp; co </w:t></w:r></w:p>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell text</w:t></w:r><w:r><w:t></w:t></w:r></w:p></w:tc></w:tr></w:tbl>';

    function minimalDocx(body: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
      return zipSync({
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
        '_rels/.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        ),
        'word/document.xml': strToU8(documentXml(body)),
        ...extra,
      });
    }

    it('translates the text of each run and keeps all the XML and the other parts', async () => {
      const footer = strToU8('<w:ftr xmlns:w="x"><w:p><w:r><w:t>Page footer</w:t></w:r></w:p></w:ftr>');
      const image = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
      const { bytes, headers, finished } = await translateFile(
        'report.docx',
        minimalDocx(paragraphs, { 'word/footer1.xml': footer, 'word/media/image1.png': image }),
        { target_lang: 'de', source_lang: 'en' },
      );
      expect(headers.get('content-disposition')).toBe('attachment; filename="report.de.docx"');
      expect(headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const files = unzipSync(bytes);
      expect(Object.keys(files)).toEqual([
        '[Content_Types].xml',
        '_rels/.rels',
        'word/document.xml',
        'word/footer1.xml',
        'word/media/image1.png',
      ]);
      expect(files['word/media/image1.png']).toEqual(image);
      const xml = strFromU8(files['word/document.xml']!);
      const runs = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
      expect(xml.replace(/(<w:t(?:\s[^>]*)?>)[^<]*</g, '$1<')).toBe(
        documentXml(paragraphs).replace(/(<w:t(?:\s[^>]*)?>)[^<]*</g, '$1<'),
      );
      expect(runs).toHaveLength(4);
      expect(runs[0]).not.toBe('Hello');
      expect(runs[0]).toMatch(/^H/); // a run keeps its case
      expect(runs[1]).toMatch(/^ b.* &amp; .* $/); // spaces kept, entity re-escaped
      expect(runs[3]).toBe('');
      expect(strFromU8(files['word/footer1.xml']!)).not.toContain('Page footer');
      expect(finished.billed_characters).toBe(50_000);
    });

    it('bills the real count above 50,000 characters', async () => {
      const long = 'word '.repeat(12_000).trim();
      const { finished } = await translateFile('long.docx', minimalDocx(`<w:p><w:r><w:t>${long}</w:t></w:r></w:p>`), {
        target_lang: 'de',
        source_lang: 'en',
      });
      expect(finished.billed_characters).toBe(long.length);
    });

    it('refuses a file that is not a zip or has no word/document.xml', async () => {
      const notZip = await upload({ name: 'a.docx', content: 'plain text' }, { target_lang: 'de' });
      expect(notZip.status).toBe(400);
      expect(notZip.body.message).toContain('not a valid docx');
      const noBody = await upload(
        { name: 'a.docx', content: zipSync({ 'x.txt': strToU8('x') }) },
        { target_lang: 'de' },
      );
      expect(noBody.status).toBe(400);
      expect(noBody.body.message).toContain('word/document.xml');
    });
  });

  /** Parses an XML part as a reader would; a malformed part fails the test. */
  function parseXml(bytes: Uint8Array | undefined) {
    expect(bytes).toBeDefined();
    const xml = strFromU8(bytes!);
    // happy-dom's parser lets a bare ampersand through; an XML reader would not.
    expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);
    const doc = new new Window().DOMParser().parseFromString(xml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    return doc;
  }
  const textsOf = (doc: ReturnType<typeof parseXml>, tag: string) =>
    [...doc.getElementsByTagName(tag)].map((e) => e.textContent ?? '');
  const pseudo = (texts: string[]) =>
    translateTexts(svc.state, {
      texts,
      targetLang: 'de',
      sourceLang: 'en',
      resource: 'translate_document',
      preserveFormatting: true,
    }).map((t) => t.text);

  const CT = 'http://schemas.openxmlformats.org/package/2006/content-types';
  const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const OD = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

  describe('pptx', () => {
    const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
    const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
    const shape = (runs: string[]) =>
      `<p:sp><p:txBody><a:bodyPr/><a:p>${runs.map((r) => `<a:r><a:rPr lang="en-US"/><a:t>${r}</a:t></a:r>`).join('<a:br/>')}</a:p></p:txBody></p:sp>`;
    const slide = (body: string) =>
      `${xmlHead}<p:sld xmlns:a="${A}" xmlns:p="${P}" xmlns:r="${OD}"><p:cSld><p:spTree>${body}</p:spTree></p:cSld></p:sld>`;

    /** A presentation as PowerPoint writes it, cut to two slides, a table, notes and a layout. */
    function presentation(): Record<string, Uint8Array> {
      return {
        '[Content_Types].xml': strToU8(
          `${xmlHead}<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/><Override PartName="/ppt/slides/slide2.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>`,
        ),
        '_rels/.rels': strToU8(
          `${xmlHead}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OD}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
        ),
        'ppt/presentation.xml': strToU8(
          `${xmlHead}<p:presentation xmlns:a="${A}" xmlns:p="${P}" xmlns:r="${OD}"><p:sldIdLst><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst></p:presentation>`,
        ),
        'ppt/_rels/presentation.xml.rels': strToU8(
          `${xmlHead}<Relationships xmlns="${REL}"><Relationship Id="rId2" Type="${OD}/slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="${OD}/slide" Target="slides/slide2.xml"/></Relationships>`,
        ),
        'ppt/slides/slide1.xml': strToU8(slide(shape(['Quarterly results', 'Sales &amp; marketing']))),
        'ppt/slides/slide2.xml': strToU8(
          slide(
            `${shape(['Next steps'])}<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Cell text</a:t></a:r><a:r><a:t></a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`,
          ),
        ),
        'ppt/notesSlides/notesSlide1.xml': strToU8(
          `${xmlHead}<p:notes xmlns:a="${A}" xmlns:p="${P}"><p:cSld><p:spTree>${shape(['Speak slowly'])}</p:spTree></p:cSld></p:notes>`,
        ),
        'ppt/slideLayouts/slideLayout1.xml': strToU8(
          `${xmlHead}<p:sldLayout xmlns:a="${A}" xmlns:p="${P}"><p:cSld><p:spTree>${shape(['Click to add title'])}</p:spTree></p:cSld></p:sldLayout>`,
        ),
        'ppt/media/image1.png': new Uint8Array([137, 80, 78, 71, 9, 8, 7]),
      };
    }

    it('translates the runs of slides, tables and notes, keeps every other part, and opens again', async () => {
      const source = presentation();
      const { bytes, headers, finished } = await translateFile('Quartal Überblick.final.PPTX', zipSync(source), {
        target_lang: 'de',
        source_lang: 'en',
      });
      expect(headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      );
      expect(headers.get('content-disposition')).toContain("filename*=UTF-8''Quartal%20%C3%9Cberblick.final.de.pptx");
      const files = unzipSync(bytes);
      expect(Object.keys(files).sort()).toEqual(Object.keys(source).sort());
      for (const kept of [
        'ppt/presentation.xml',
        'ppt/_rels/presentation.xml.rels',
        'ppt/media/image1.png',
        '_rels/.rels',
      ])
        expect(files[kept], kept).toEqual(source[kept]);
      // Placeholder prompts of layouts are not shown in a presentation: kept as they are.
      expect(files['ppt/slideLayouts/slideLayout1.xml']).toEqual(source['ppt/slideLayouts/slideLayout1.xml']);

      const slide1 = textsOf(parseXml(files['ppt/slides/slide1.xml']), 'a:t');
      const slide2 = textsOf(parseXml(files['ppt/slides/slide2.xml']), 'a:t');
      const notes = textsOf(parseXml(files['ppt/notesSlides/notesSlide1.xml']), 'a:t');
      parseXml(files['[Content_Types].xml']);
      expect(slide1).toEqual(pseudo(['Quarterly results', 'Sales & marketing']));
      expect(slide2).toEqual([...pseudo(['Next steps', 'Cell text']), '']);
      expect(notes).toEqual(pseudo(['Speak slowly']));
      expect(slide1[0]).not.toBe('Quarterly results');
      expect(slide1[1]).toContain('&'); // unescaped by the parser: the part escapes it again
      expect(finished.billed_characters).toBe(50_000);
    });

    it('refuses a file that is not a zip or has no ppt/presentation.xml', async () => {
      const notZip = await upload({ name: 'a.pptx', content: 'plain text' }, { target_lang: 'de' });
      expect(notZip.status).toBe(400);
      expect(notZip.body.message).toContain('not a valid pptx');
      const word = await upload(
        { name: 'a.pptx', content: zipSync({ 'word/document.xml': strToU8('<w/>') }) },
        {
          target_lang: 'de',
        },
      );
      expect(word.status).toBe(400);
      expect(word.body.message).toContain('ppt/presentation.xml');
    });
  });

  describe('xlsx', () => {
    const S = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    /** A workbook as Excel writes it: shared strings (plain and rich), an inline string, numbers, a formula. */
    function workbook(): Record<string, Uint8Array> {
      return {
        '[Content_Types].xml': strToU8(
          `${xmlHead}<Types xmlns="${CT}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
        ),
        '_rels/.rels': strToU8(
          `${xmlHead}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OD}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
        'xl/workbook.xml': strToU8(
          `${xmlHead}<workbook xmlns="${S}" xmlns:r="${OD}"><sheets><sheet name="Sales figures" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          `${xmlHead}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${OD}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OD}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        ),
        'xl/sharedStrings.xml': strToU8(
          `${xmlHead}<sst xmlns="${S}" count="3" uniqueCount="3"><si><t>Region</t></si><si><t xml:space="preserve">Total sales </t></si><si><r><rPr><b/></rPr><t>North</t></r><r><t xml:space="preserve"> and south</t></r></si></sst>`,
        ),
        'xl/worksheets/sheet1.xml': strToU8(
          `${xmlHead}<worksheet xmlns="${S}"><sheetPr><tabColor rgb="FF00B050"/></sheetPr><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1250.5</v></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>Sum of all</t></is></c><c r="B3"><f>SUM(B2:B2)</f><v>1250.5</v></c></row></sheetData><tableParts count="0"/></worksheet>`,
        ),
      };
    }

    it('translates shared and inline strings, keeps numbers, formulas and sheet names, and opens again', async () => {
      const source = workbook();
      const { bytes, headers, finished } = await translateFile('sales 2026.XLSX', zipSync(source), {
        target_lang: 'de',
        source_lang: 'en',
      });
      expect(headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(headers.get('content-disposition')).toBe('attachment; filename="sales 2026.de.xlsx"');
      const files = unzipSync(bytes);
      expect(Object.keys(files).sort()).toEqual(Object.keys(source).sort());
      for (const kept of ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', '[Content_Types].xml'])
        expect(files[kept], kept).toEqual(source[kept]);

      const shared = parseXml(files['xl/sharedStrings.xml']);
      expect(textsOf(shared, 't')).toEqual(pseudo(['Region', 'Total sales ', 'North', ' and south']));
      expect(textsOf(shared, 't')[0]).not.toBe('Region');
      expect(shared.getElementsByTagName('si')).toHaveLength(3);
      const sheet = parseXml(files['xl/worksheets/sheet1.xml']);
      expect(textsOf(sheet, 't')).toEqual(pseudo(['Sum of all']));
      expect(textsOf(sheet, 'f')).toEqual(['SUM(B2:B2)']);
      expect(textsOf(sheet, 'v')).toEqual(['0', '1', '2', '1250.5', '1250.5']);
      expect(sheet.getElementsByTagName('tabColor')).toHaveLength(1);
      expect(finished.billed_characters).toBe(50_000);
    });

    it('refuses a file that is not a zip or has no xl/workbook.xml', async () => {
      const notZip = await upload({ name: 'a.xlsx', content: 'a,b\n1,2' }, { target_lang: 'de' });
      expect(notZip.status).toBe(400);
      expect(notZip.body.message).toContain('not a valid xlsx');
      const empty = await upload(
        { name: 'a.xlsx', content: zipSync({ 'x.txt': strToU8('x') }) },
        { target_lang: 'de' },
      );
      expect(empty.status).toBe(400);
      expect(empty.body.message).toContain('xl/workbook.xml');
    });
  });
});
