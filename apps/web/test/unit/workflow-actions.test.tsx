import { collegeWorkflow } from '@exam/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WorkflowActions } from '../../src/components/ui/workflow-actions.tsx';
import { ApiError } from '../../src/lib/api.ts';

const college = { college_id: 'C101', college_name: 'Government College, Ajmer', status: 'ACTIVE' };

function renderActions(
  role: string,
  record: Record<string, unknown> = college,
  onAct = vi.fn(async () => 'College C101 is now Suspended.'),
) {
  render(<WorkflowActions workflow={collegeWorkflow} record={record} role={role} onAct={onAct} />);
  return { onAct, user: userEvent.setup() };
}

describe('workflow actions on a record', () => {
  it('shows the status and, as buttons, only the actions the role may take from it', () => {
    renderActions('office');
    const bar = screen.getByRole('group', { name: 'Status and actions' });
    expect(within(bar).getByText('Active')).toBeInTheDocument();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Suspend']);
  });

  it('shows no button to a role without the capability', () => {
    renderActions('faculty');
    expect(
      within(screen.getByRole('group', { name: 'Status and actions' })).queryAllByRole('button'),
    ).toEqual([]);
  });

  it(
    'asks in a dialog with the declared sentence, requires the reason, sends it and shows the ' + 'answer',
    async () => {
      const { onAct, user } = renderActions('office');
      await user.click(screen.getByRole('button', { name: 'Suspend' }));
      const dialog = screen.getByRole('dialog', { name: 'Suspend' });
      expect(dialog).toHaveAccessibleDescription(
        'Suspend the affiliation of Government College, Ajmer (C101)? The reason is kept in the audit trail.',
      );
      const reason = within(dialog).getByLabelText(/Reason/);
      expect(reason).toHaveFocus();

      await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason: Required: say why.');
      expect(reason).toHaveAttribute('aria-invalid', 'true');
      expect(onAct).not.toHaveBeenCalled();

      await user.type(reason, '  Affiliation fee unpaid ');
      await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
      expect(onAct).toHaveBeenCalledWith('suspend', 'Affiliation fee unpaid');
      expect(await screen.findByText('College C101 is now Suspended.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it("shows a refusal's message in the dialog and keeps what was typed", async () => {
    const refusal = new ApiError(409, {
      code: 'INVALID_TRANSITION',
      message: 'College C101 is Suspended (SUSPENDED); Suspend is not allowed from that status.',
    });
    const { user } = renderActions(
      'admin',
      college,
      vi.fn(async () => Promise.reject(refusal)),
    );
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Inspection');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'is Suspended (SUSPENDED); Suspend is not allowed',
    );
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Inspection');
  });

  it('an optional reason may be left empty; Cancel closes without acting', async () => {
    const { onAct, user } = renderActions('office', { ...college, status: 'SUSPENDED' });
    await user.click(screen.getByRole('button', { name: 'Reinstate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onAct).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reinstate' }));
    expect(within(screen.getByRole('dialog')).getByLabelText(/Reason \(optional\)/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reinstate' }));
    expect(onAct).toHaveBeenCalledWith('reinstate', undefined);
  });

  it(
    'an answer that leaves the record elsewhere than the action goes is shown as news, not as a ' + 'success',
    async () => {
      const { user } = renderActions(
        'office',
        { ...college, status: 'SUSPENDED' },
        vi.fn(async () => 'Reinstatement refused by the effect: still suspended.'),
      );
      await user.click(screen.getByRole('button', { name: 'Reinstate' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reinstate' }));
      const notice = await screen.findByText('Reinstatement refused by the effect: still suspended.');
      expect(notice).toHaveClass('info');
      expect(notice).not.toHaveClass('success');
    },
  );
});
