// post.js - what the WebAssembly engine offers the JavaScript around it:
// Module.pushLine(text) hands one protocol line over (without its newline),
// Module.endInput() ends the input.  Responses arrive through Module.print,
// one line at a time, as the native engine writes them to stdout.
// A NUL byte would end the C string early: it becomes '\r', a control
// character that the protocol's preprocessing drops (as ./amazons does).
// The text goes through the heap, not the stack: a line may be megabytes.
Module.pushLine = function (text) {
  text = text.replace(/\0/g, '\r');
  var size = lengthBytesUTF8(text) + 1;
  var buffer = Module._malloc(size);
  stringToUTF8(text, buffer, size);
  Module._web_push_line(buffer);
  Module._free(buffer);
  if (Module.webWake) Module.webWake();
};
Module.endInput = function () {
  Module.ccall('web_end_input', null, [], []);
  if (Module.webWake) Module.webWake();
};
