// The Node.js the product needs and the one line a start prints on an older one. Plain
// JavaScript: `npm start` runs it on whatever Node the machine has, and the server bundle takes it in.
/** package.json's `engines.node` (">=22.12"); apps/server/src/node-version.test.ts checks they agree. */
export const MIN_NODE = '22.12';
const [minMajor = 0, minMinor = 0] = MIN_NODE.split('.').map(Number);

/** Undefined when `version` (e.g. "22.23.3") meets the engines range; else the line to print. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > minMajor || (major === minMajor && minor >= minMinor)) return undefined;
  return `This product needs Node.js ${minMajor}.${minMinor} or newer and this is ${version}: run \`. scripts/install-node22.sh\` (it puts Node.js 22 from the npm registry first on PATH), then start again.`;
}
