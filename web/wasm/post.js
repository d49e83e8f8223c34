// post.js - what the WebAssembly engine offers the JavaScript around it:
// Module.pushLine(text) hands one protocol line over (without its newline),
// Module.endInput() ends the input.  Responses arrive through Module.print,
// one line at a time, as the native engine writes them to stdout.
Module.pushLine = function (text) {
  Module.ccall('web_push_line', null, ['string'], [text]);
  if (Module.webWake) Module.webWake();
};
Module.endInput = function () {
  Module.ccall('web_end_input', null, [], []);
  if (Module.webWake) Module.webWake();
};
