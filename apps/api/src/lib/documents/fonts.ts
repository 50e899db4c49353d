import { createRequire } from 'node:module';

// The fonts come with an npm package, so rendering never needs the network or the machine's own
// fonts, and every server draws the same pixels. DejaVu Sans has the naira sign (₦).
const require = createRequire(import.meta.url);

export const FONT_FAMILY = 'DejaVu Sans';
export const REGULAR_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
export const BOLD_FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
