import './index.css';
import { mountApp } from './app/mount';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
mountApp(container);
