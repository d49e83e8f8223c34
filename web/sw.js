// sw.js - the page offline: on install every file of the page is put in a
// cache named after this build's file list; afterwards each request goes to
// the network first (so a new build shows at once when online) and falls
// back to the cache (so the page, its engine included, works offline).
// The Makefile fills in PAGE_FILES from the files it copies.

const PAGE_FILES = [/* PAGE_FILES */];
const CACHE = `amazons-${PAGE_FILES.length}-${PAGE_FILES.join('|').length}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(['./', ...PAGE_FILES])).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  }).catch(() => caches.match(request, { ignoreSearch: true }).then((cached) => cached ?? Response.error())));
});
