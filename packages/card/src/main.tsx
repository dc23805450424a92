import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Card } from './card.js';

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><Card /></StrictMode>);
