#!/usr/bin/env node
// Installed entry: runs the compiled CLI (`npm run build`); in this repo use `npm run kwsync --`.
import '../dist/cli/main.js';
