// library_web.js - the waits of web/wasm/input_web.c, as Asyncify imports:
// the C stack is suspended, the JavaScript event loop runs (a Worker's
// messages, Node's stdin), and the C code resumes where it waited.
mergeInto(LibraryManager.library, {
  // The command loop ended: Node lets go of stdin (so that the process ends
  // when main returns), a Worker tells the page.
  web_closed: function () {
    if (Module.onInputClosed) Module.onInputClosed();
  },
  // Suspends until Module.webWake() (a line arrived) or `ms` milliseconds.
  web_wait: function (ms) {
    return Asyncify.handleSleep(function (wakeUp) {
      var done = false;
      var timer = null;
      var wake = function () {
        if (done) return;
        done = true;
        if (timer !== null) clearTimeout(timer);
        Module.webWake = null;
        wakeUp();
      };
      Module.webWake = wake;
      if (isFinite(ms)) timer = setTimeout(wake, Math.max(0, ms));
    });
  },
  // One turn of the event loop.  In a browser a MessageChannel message,
  // which (unlike setTimeout) is not delayed by 4 ms when turns follow each
  // other; under Node setImmediate, which runs after the loop has polled for
  // input (Node delivers MessagePort messages without reading stdin between).
  web_yield: function () {
    return Asyncify.handleSleep(function (wakeUp) {
      if (typeof setImmediate === 'function') {
        setImmediate(wakeUp);
        return;
      }
      if (!Module.webChannel) Module.webChannel = new MessageChannel();
      Module.webChannel.port1.onmessage = function () { wakeUp(); };
      Module.webChannel.port2.postMessage(0);
    });
  },
});
