// Copies the page into web/dist and renders docs/diagnostics.md as diagnostics.html, one table row
// per code with the code as its anchor, so that the results table links each code to its row.
import { copyFileSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = dirname(fileURLToPath(import.meta.url));
const dist = join(web, 'dist');
mkdirSync(dist, { recursive: true });
for (const f of ['index.html', 'style.css', 'app.js', 'worker.js']) copyFileSync(join(web, f), join(dist, f));

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inline = (s) => escape(s)
  .replace(/`([^`]+)`/g, '<code>$1</code>')
  .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
  .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text, url) => `<a href="${url.startsWith('http') ? url : '#'}">${text}</a>`);
const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split(' | ').map((c) => c.trim());

const md = readFileSync(join(web, '..', 'docs', 'diagnostics.md'), 'utf8').split('\n');
const out = [];
let para = [];
const flush = () => { if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`); para = []; };
for (let i = 0; i < md.length; i++) {
  const line = md[i];
  if (line.startsWith('#')) {
    flush();
    const level = line.match(/^#+/)[0].length;
    out.push(`<h${level}>${inline(line.slice(level).trim())}</h${level}>`);
  } else if (line.startsWith('|')) {
    flush();
    const header = cells(line);
    i += 1; // the |---| line
    const rows = [];
    while (i + 1 < md.length && md[i + 1].startsWith('|')) {
      i += 1;
      const c = cells(md[i]);
      const code = (c[0].match(/^`([^`]+)`$/) || [])[1];
      rows.push(`<tr${code ? ` id="${escape(code)}"` : ''}>${c.map((x) => `<td>${inline(x)}</td>`).join('')}</tr>`);
    }
    out.push(`<table><thead><tr>${header.map((h) => `<th>${inline(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`);
  } else if (line.trim() === '') {
    flush();
  } else {
    para.push(line.trim());
  }
}
flush();
writeFileSync(join(dist, 'diagnostics.html'), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>lumpkit diagnostics</title>
<link rel="stylesheet" href="style.css">
<style>tr:target { background: #fff8c5; } td { font-size: 0.9em; }</style></head>
<body>${out.join('\n')}</body></html>
`);
console.log(`web/dist: page and diagnostics.html (${md.length} lines of docs/diagnostics.md)`);
