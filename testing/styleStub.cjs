// Stylesheets mean nothing to jsdom: a component's `import './x.css'` loads this instead in tests.
module.exports = {};
