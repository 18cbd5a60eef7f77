import { type RoundAgreement } from '@dynaloop/contract';
import { Paper, Text, Title } from '@mantine/core';
import { QueryStatus } from '../../../components/QueryStatus';
import { StatGrid } from '../../../components/StatGrid';
import { useRoundAgreement } from '../api/get-round-agreement';

const numberFormat = new Intl.NumberFormat('en-US');
const NA = 'n/a';

function interval(ci: [number, number] | null, format: (x: number) => string): string | null {
  return ci ? `95% CI ${format(ci[0])} to ${format(ci[1])}` : null;
}

const twoDecimals = (x: number) => x.toFixed(2);
const percent = (x: number) => `${x.toFixed(2)}%`;

function Figure({ value, ci }: { value: string; ci: string | null }) {
  return (
    <>
      {value}
      {ci ? (
        <Text component="span" display="block" size="xs" c="dimmed" fw={400}>
          {ci}
        </Text>
      ) : null}
    </>
  );
}

function AgreementStats({ agreement }: { agreement: RoundAgreement }) {
  return (
    <StatGrid
      stats={[
        {
          label: 'Krippendorff’s α',
          value: (
            <Figure
              value={agreement.alpha === null ? NA : twoDecimals(agreement.alpha)}
              ci={interval(agreement.alpha_ci, twoDecimals)}
            />
          ),
        },
        {
          label: 'Verified model error rate',
          value: (
            <Figure
              value={agreement.verified_mer === null ? NA : percent(agreement.verified_mer)}
              ci={interval(agreement.verified_mer_ci, percent)}
            />
          ),
        },
        { label: 'Examples validated', value: numberFormat.format(agreement.examples_validated) },
        { label: 'Validations', value: numberFormat.format(agreement.validations) },
      ]}
    />
  );
}

/**
 * For task owners, one round's validation agreement: Krippendorff's alpha and the verified
 * model error rate, each with its 95% interval, and how much was validated.
 */
export function AgreementCard({ taskId, round }: { taskId: number; round: number }) {
  const query = useRoundAgreement(taskId, round);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="agreement-title">
      <Title order={2} size="h4" id="agreement-title" mb={4}>
        Validation agreement
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Round {round}, visible to task owners: how far validators agree (nominal α, bootstrap
        interval) and the share of collected examples verified as fooling the model (Wilson
        interval).
      </Text>
      <QueryStatus
        query={query}
        loadingLabel="Loading the validation agreement…"
        errorTitle="The validation agreement could not be loaded"
      >
        {(agreement) => <AgreementStats agreement={agreement} />}
      </QueryStatus>
    </Paper>
  );
}
