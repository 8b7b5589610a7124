// Loaded with the pages that show record tables only, so the Blueprint Table's styles stay out of
// /login's bundle.
import '@blueprintjs/table/lib/css/table.css';
import './resources.css';
