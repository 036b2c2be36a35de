export default defineContentScript({
  matches: ['<all_urls>'],
  main() {},
});
