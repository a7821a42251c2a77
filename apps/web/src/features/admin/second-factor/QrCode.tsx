/**
 * The API's QR code (an SVG of a white square and one path of dark modules) drawn in the page.
 * Not as markup: the text is parsed (DOMParser runs no script) and only its shapes are redrawn by
 * React — paths and rectangles, their geometry and plain colours — so nothing else the text could
 * carry reaches the page. Not as an <img> of a data: URL either: the store's CSP allows images
 * from its own origin only.
 */
import { useMemo } from 'react';

interface Paint {
  fill?: string;
  stroke?: string;
  strokeWidth?: string;
}

type Shape =
  | { tag: 'path'; props: Paint & { d: string } }
  | { tag: 'rect'; props: Paint & { x: string; y: string; width: string; height: string } };

interface QrDrawing {
  viewBox: string;
  shapes: Shape[];
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const PATH_DATA = /^[MLHVZmlhvz0-9.,\s-]+$/;
const COLOUR = /^(#[0-9a-f]{3,8}|none|black|white)$/i;
const VIEW_BOX = /^-?\d+(\.\d+)?( -?\d+(\.\d+)?){3}$/;

function paint(element: Element): Paint {
  const props: Paint = {};
  const fill = element.getAttribute('fill');
  const stroke = element.getAttribute('stroke');
  const width = element.getAttribute('stroke-width');
  if (fill && COLOUR.test(fill)) props.fill = fill;
  if (stroke && COLOUR.test(stroke)) props.stroke = stroke;
  if (width && NUMBER.test(width)) props.strokeWidth = width;
  return props;
}

/** The shapes of the SVG text, or null when it is not a drawing of that kind. */
export function readQrSvg(text: string): QrDrawing | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) return null;
  const viewBox = root.getAttribute('viewBox')?.trim() ?? '';
  if (!VIEW_BOX.test(viewBox)) return null;
  const shapes: Shape[] = [];
  for (const element of Array.from(root.children)) {
    if (element.nodeName === 'path') {
      const d = element.getAttribute('d') ?? '';
      if (PATH_DATA.test(d)) shapes.push({ tag: 'path', props: { d, ...paint(element) } });
    } else if (element.nodeName === 'rect') {
      const geometry = ['x', 'y', 'width', 'height'].map(
        (name) => element.getAttribute(name) ?? '0',
      );
      if (geometry.every((value) => NUMBER.test(value))) {
        const [x = '0', y = '0', width = '0', height = '0'] = geometry;
        shapes.push({ tag: 'rect', props: { x, y, width, height, ...paint(element) } });
      }
    }
  }
  return shapes.length > 0 ? { viewBox, shapes } : null;
}

export function QrCode({
  svg,
  label,
  className,
}: {
  svg: string;
  label: string;
  className?: string;
}) {
  const drawing = useMemo(() => readQrSvg(svg), [svg]);
  if (!drawing)
    // Never expected from our API; the key of step 2 still lets her finish.
    return (
      <p className={`${className ?? ''} flex items-center text-center text-sm text-muted`}>
        QR code indisponível: digite a chave do passo 2 no aplicativo.
      </p>
    );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={drawing.viewBox}
      shapeRendering="crispEdges"
      className={className}
    >
      {drawing.shapes.map((shape, i) =>
        shape.tag === 'path' ? (
          <path key={i} {...shape.props} />
        ) : (
          <rect key={i} {...shape.props} />
        ),
      )}
    </svg>
  );
}
