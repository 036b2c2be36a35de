import { render } from 'preact';
render(<main>Verso</main>, document.getElementById('app')!);
