import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, H4, Tag } from '@blueprintjs/core';
import { useShell } from '../host/HostProvider';
import { StoryHost } from './StoryHost';

/** What <StoryHost> gives a story: a signed-in shell over a fake server. */
function SessionCard() {
  const shell = useShell();
  const a = shell.account!;
  return (
    <Card style={{ margin: 16 }}>
      <H4>{a.firstName} {a.lastName}</H4>
      <p>{a.company.name} · {shell.theme}</p>
      <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {a.authorities.map((x) => <Tag key={`${x.companyId}:${x.authorityCode}`} minimal>{x.authorityCode}</Tag>)}
      </div>
    </Card>
  );
}

const meta = {
  title: 'Workbench/StoryHost',
  component: SessionCard,
  decorators: [(Story) => <StoryHost><Story /></StoryHost>],
} satisfies Meta<typeof SessionCard>;
export default meta;

export const SignedIn: StoryObj<typeof meta> = {};
