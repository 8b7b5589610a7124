// Runs before the app's styles paint: picks the theme this browser last showed (dark by default,
// spec §9) so a dark page never flashes white while the application loads. The application then
// keeps this class in step with the user's saved theme (src/lib/appearance/useAppearance.ts).
/* global window, document */
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('allot.theme') === 'light') theme = 'light';
  } catch {
    // storage disabled: the default theme
  }
  document.documentElement.classList.toggle('allot-dark', theme === 'dark');
})();
