import { AppError } from '../../platform/http/errors.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';

/** Packets are made by the coding's `packets` call and move only by their workflow (assign, receive). */
export const packetRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(
      rows.map((_, i) => [
        i,
        {
          packet_no: [
            'Packets are made from the coded answer books (Make packets on /FlapStickers); they cannot be added by hand.',
          ],
        },
      ]),
    );
  },
  async beforeUpdate() {
    throw new AppError(
      'LOCKED',
      'A packet changes only by its actions: assign an examiner, or receive it back.',
    );
  },
  async beforeDelete() {
    throw new AppError(
      'LOCKED',
      'Packets are never deleted: their award lists and the coding map refer to them.',
    );
  },
};

/** An examiner holding packets stays: the packets and their award lists name them. */
export const examinerRules: ResourceRules = {
  async beforeDelete(tx, row) {
    const held = await tx.packet.count({ where: { examiner_id: String(row.examiner_id) } });
    if (held)
      throw new AppError(
        'IN_USE',
        `Examiner ${String(row.examiner_id)} holds ${held} packet${held === 1 ? '' : 's'}; give them to another examiner before deleting.`,
      );
  },
};
