// Writes .br (quality 11) and .gz (level 9) next to every compressible file in dist/, so the
// backend can serve precompressed assets. Uses only node:zlib. Usage: node scripts/compress.mjs [dir]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = resolve(process.argv[2] ?? 'dist')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/i

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile() && COMPRESSIBLE.test(entry.name)) yield path
  }
}

function brotli(buffer) {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  })
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`
let files = 0
let raw = 0
let br = 0
let gz = 0

await stat(root).catch(() => {
  console.error(`compress: ${root} does not exist; run vite build first`)
  process.exit(1)
})

for await (const path of walk(root)) {
  const buffer = await readFile(path)
  const brotliBytes = brotli(buffer)
  const gzipBytes = gzipSync(buffer, { level: 9 })
  await writeFile(`${path}.br`, brotliBytes)
  await writeFile(`${path}.gz`, gzipBytes)
  files += 1
  raw += buffer.length
  br += brotliBytes.length
  gz += gzipBytes.length
  console.log(`  ${relative(root, path).padEnd(44)} ${kb(buffer.length).padStart(9)}  br ${kb(brotliBytes.length).padStart(8)}  gz ${kb(gzipBytes.length).padStart(8)}`)
}

console.log(`compress: ${files} files, ${kb(raw)} -> br ${kb(br)}, gz ${kb(gz)}`)
