// The tsconfig.json `paths` aliases in webpack's resolve shape, for dependency-cruiser (.dependency-cruiser.cjs).
const { join } = require('node:path');

const root = join(__dirname, '..');
module.exports = {
  resolve: {
    alias: { '@': join(root, 'web/src'), '@shared': join(root, 'shared') },
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
  },
};
