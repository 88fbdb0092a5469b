// SVG -> PNG with resvg (a devDependency), to look at charts with an image viewer: fonts mapped to the
// machine's (DejaVu Sans where Helvetica is missing).
import { Resvg } from '@resvg/resvg-js';

export function svgToPng(svg: string, width = 1400): Buffer {
  const r = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  return r.render().asPng();
}
