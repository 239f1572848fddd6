import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** A bench's usage: the opening comment of its file, without the comment's marks. */
export function usageOf(fileUrl: string): string {
  const source = readFileSync(fileURLToPath(fileUrl), 'utf8');
  const opening = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  return opening
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join('\n')
    .trim();
}

/**
 * A bench's flags (node:util's parseArgs over the command line). `--help` (or `-h`) prints the bench's usage and
 * exits; a flag it does not know, or one without its value, prints what was wrong and the usage, and exits with 2,
 * rather than a stack.
 */
export function benchArgs<const T extends ParseArgsOptionsConfig>(fileUrl: string, options: T) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usageOf(fileUrl));
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, strict: true }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usageOf(fileUrl)}`);
    process.exit(2);
  }
}
