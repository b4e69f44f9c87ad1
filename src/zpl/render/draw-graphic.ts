// Graphic fields drawn at their ^FS (boxes, circles, ellipses and lines; ^GF images; stored
// images recalled with ^XG or ^IM), and the two image commands that act at once: ~DG stores
// an image in the printer's memory, ^IL lays one under the whole label.
import {
  decodeDownloadGraphic,
  decodeGraphicField,
  graphicBox,
  graphicCircle,
  graphicDiagonal,
  graphicEllipse,
  magnifiedSize,
  paintBitmap,
  parseImageName,
  parseRecallGraphic,
  type ShapeLayout,
} from '../graphics/index.ts';
import { painter } from '../painter.ts';
import { splitParams, type ZplCommand } from '../parse/index.ts';
import type { Field, LabelScope } from './field.ts';
import { boxOrigin } from './place.ts';

/** A stored image's key in the printer's memory: its name and extension (.GRF by default). */
const imageKey = (named: { name: string; extension: string }): string =>
  `${named.name.toUpperCase()}.${(named.extension || 'GRF').toUpperCase()}`;

export function drawGraphic(scope: LabelScope, field: Field): void {
  const graphic = field.graphic;
  if (!graphic) return;
  const { command } = graphic;
  const at = scope.at(field);
  const orientation = scope.state.defaultOrientation;
  const params = () => splitParams(command.params, command.delimiter);
  const place = (
    frame: { width: number; height: number },
    color: 'B' | 'W',
    draw: (p: ReturnType<typeof painter>) => void,
    turns = true,
  ) => {
    if (frame.width <= 0 || frame.height <= 0) return;
    const o = turns ? orientation : 'N';
    // ^FT for a graphic: its bottom-left corner, as for a bar code.
    const box = at.kind === 'FT' ? boxOrigin(o, frame, { x: 0, y: frame.height }, at) : at;
    const p = painter({
      target: scope.bitmap,
      ...box,
      ...frame,
      orientation: o,
      mode: scope.mode(field, color),
    });
    draw(p);
    p.end();
  };
  const shape = (layout: ShapeLayout) => {
    for (const w of layout.warnings) scope.warn(command, w);
    // Boxes, circles and lines are drawn as written: ^FW turns fields, not shapes.
    place(layout, layout.color, (p) => layout.draw(p), false);
  };
  switch (command.name) {
    case 'GB':
      return shape(graphicBox(params()));
    case 'GC':
      return shape(graphicCircle(params()));
    case 'GE':
      return shape(graphicEllipse(params()));
    case 'GD':
      return shape(graphicDiagonal(params()));
    case 'GF': {
      const decoded = decodeGraphicField(command.params);
      for (const w of decoded.warnings) scope.warn(command, w);
      const image = decoded.bitmap;
      if (!image) return;
      // ^FW turns fields that have an orientation parameter; ^GF has none, and Labelary
      // prints it upright after ^FWB (Posten's logo).
      place(image, 'B', (p) => paintBitmap(p, image), false);
      return;
    }
    case 'XG':
    case 'IM': {
      const recall = command.name === 'XG' ? parseRecallGraphic(command.params) : null;
      const named = recall ?? parseImageName(command.params, '^IM');
      for (const w of named.warnings) scope.warn(command, w);
      const key = imageKey(named);
      const image = scope.context.memory.images.get(key);
      if (!image) {
        scope.warn(command, `no stored image ${key}; download it with ~DG first`);
        return;
      }
      const mx = recall?.magnificationX ?? 1;
      const my = recall?.magnificationY ?? 1;
      place(magnifiedSize(image, mx, my), 'B', (p) => paintBitmap(p, image, mx, my), false);
      return;
    }
  }
}

/** ^IL: a stored image at the label's top-left, under what the format draws next. */
export function imageLoad(scope: LabelScope, command: ZplCommand): void {
  const named = parseImageName(command.params, '^IL');
  for (const w of named.warnings) scope.warn(command, w);
  const key = imageKey(named);
  const image = scope.context.memory.images.get(key);
  if (!image) {
    scope.warn(command, `no stored image ${key}; download it with ~DG first`);
    return;
  }
  const p = painter({
    target: scope.bitmap,
    x: scope.drewImage(),
    y: 0,
    width: image.width,
    height: image.height,
  });
  paintBitmap(p, image);
  p.end();
}

/** ~DG: an image stored in the printer's memory under its name, for ^XG, ^IM and ^IL. */
export function downloadGraphic(scope: LabelScope, command: ZplCommand): void {
  const decoded = decodeDownloadGraphic(command.params);
  for (const w of decoded.warnings) scope.warn(command, w);
  if (!decoded.bitmap) return;
  scope.context.memory.images.set(`${decoded.name.toUpperCase()}.GRF`, decoded.bitmap);
}
