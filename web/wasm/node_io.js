// node_io.js - the Node build's standard input and output: stdin is read
// as it comes and handed to the engine line by line (Module.pushLine), so
// that "# interrupt" and analysis stops work as with the native engine;
// responses go to stdout, diagnostics to stderr.
Module.print = function (line) { process.stdout.write(line + '\n'); };
Module.printErr = function (line) { process.stderr.write(line + '\n'); };
Module.onRuntimeInitialized = function () {
  var pending = '';
  process.stdin.on('data', function (chunk) {
    pending += chunk.toString('latin1');
    var newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      Module.pushLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
    }
  });
  process.stdin.on('end', function () {
    if (pending.length > 0) Module.pushLine(pending);
    pending = '';
    Module.endInput();
  });
};
