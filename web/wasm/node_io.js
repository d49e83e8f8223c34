// node_io.js - the Node build's standard input and output: stdin is read
// as it comes and handed to the engine line by line (Module.pushLine), so
// that "# interrupt" and analysis stops work as with the native engine;
// responses go to stdout, diagnostics to stderr.  When the command loop
// stops reading (quit, or the end of input) the process ends, as ./amazons
// does, even if the other end keeps the pipe open.
if (process.argv.includes('--botzone')) {
  // Botzone mode polls and reads its descriptor itself; here stdin belongs to the event loop.
  process.stderr.write('amazons: --botzone needs the native engine (./amazons)\n');
  process.exit(2);
}
Module.print = function (line) { process.stdout.write(line + '\n'); };
Module.printErr = function (line) { process.stderr.write(line + '\n'); };
Module.onInputClosed = function () {
  // main returns within this turn of the event loop; the process ends after it.
  setImmediate(function () { process.exit(0); });
};
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
