// Loaded with the admin pages only, so the Blueprint Table's styles stay out of /login's bundle.
import '@blueprintjs/table/lib/css/table.css';
import '../resources/resources.css';
