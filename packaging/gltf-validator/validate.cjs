// SPDX-License-Identifier: MIT
// Runs the Khronos glTF validator on one .gltf or .glb file (a .gltf's buffers are read from
// beside it) and prints its report as JSON. Exit 0: no errors; 1: the validator found errors;
// 2: the validator is not installed or the file cannot be read (the test then skips or fails).
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
  validator = require('gltf-validator');
} catch (e) {
  console.error('gltf-validator is not installed (packaging/install-deps.sh installs it): ' + e.message);
  process.exit(2);
}
const file = process.argv[2];
if (!file) {
  console.error('usage: node validate.cjs FILE.gltf|FILE.glb');
  process.exit(2);
}
let bytes;
try {
  bytes = fs.readFileSync(file);
} catch (e) {
  console.error(file + ': ' + e.message);
  process.exit(2);
}
validator.validateBytes(new Uint8Array(bytes), {
  uri: path.basename(file),
  maxIssues: 100,
  externalResourceFunction: (uri) => new Promise((resolve, reject) => {
    fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) => {
      if (err) reject(err.toString()); else resolve(new Uint8Array(data));
    });
  }),
}).then((report) => {
  console.log(JSON.stringify(report, null, 2));
  process.exit(report.issues.numErrors > 0 ? 1 : 0);
}, (error) => {
  console.error(file + ': the validator could not read the file: ' + error);
  process.exit(1);
});
