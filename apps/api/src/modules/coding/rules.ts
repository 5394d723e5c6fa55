import { msg } from '@exam/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { ResourceRules } from '../../platform/crud/registry.ts';

/** Packets are made by the coding's `packets` call and move only by their workflow (assign, receive). */
export const packetRules: ResourceRules = {
  async beforeCreate(_tx, rows) {
    return new Map(rows.map((_, i) => [i, { packet_no: [msg('coding.packetsNotAdded')] }]));
  },
  async beforeUpdate() {
    throw new AppError('LOCKED', msg('coding.packetByActions'));
  },
  async beforeDelete() {
    throw new AppError('LOCKED', msg('coding.packetsKept'));
  },
};

/** An examiner holding packets stays: the packets and their award lists name them. */
export const examinerRules: ResourceRules = {
  async beforeDelete(tx, row) {
    const held = await tx.packet.count({ where: { examiner_id: String(row.examiner_id) } });
    if (held)
      throw new AppError(
        'IN_USE',
        msg('coding.examinerHoldsPackets', { examiner_id: String(row.examiner_id), count: held }),
      );
  },
};
