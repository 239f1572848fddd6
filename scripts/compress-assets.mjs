// After `vite build`: writes .br and .gz twins of every text asset, which the server sends to browsers that
// accept them (@fastify/static preCompressed). Compressing once at build time costs nothing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/compress-assets.mjs <dist-dir>');
  process.exit(2);
}
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;
function walk(path) {
  for (const name of readdirSync(path)) {
    const file = join(path, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      files += 1;
      before += data.length;
      after += br.length;
    }
  }
}
walk(dir);
console.log(`compressed ${files} assets: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`);
