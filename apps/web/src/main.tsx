import { startUp } from './app/start-up.tsx';
import './shared/styles/tokens.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
void startUp(root);
