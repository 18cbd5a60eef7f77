import { Box, Container, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { QueryErrorAlert } from '../../../components/ErrorAlert';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useActiveTasks } from '../api/get-active-tasks';
import { TaskGroups, TaskGroupsSkeleton, groupTasks } from '../components/TaskGroups';

function Hero() {
  return (
    <Box component="section" aria-labelledby="home-title" py={{ base: 'lg', sm: 40 }}>
      <Title id="home-title" order={1} fz={{ base: 32, sm: 44 }} lh={1.15} maw={760}>
        Benchmarks that move as fast as the models
      </Title>
      <Text size="lg" c="dimmed" mt="md" maw={720}>
        Dynaloop is an open platform for dynamic, human-in-the-loop benchmarking of AI models.
        People write examples that try to fool the models in the loop; the examples that succeed
        make the next round of data harder. Living leaderboards rank models across many metrics, and
        you choose how much each metric weighs.
      </Text>
    </Box>
  );
}

function TaskList() {
  const query = useActiveTasks();

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading tasks…</VisuallyHidden>
        <TaskGroupsSkeleton />
      </div>
    );
  }
  if (query.isError) return <QueryErrorAlert title="Tasks could not be loaded" query={query} />;
  const groups = groupTasks(query.data);
  if (groups.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No tasks yet
      </Text>
    );
  }
  return <TaskGroups groups={groups} />;
}

export function HomePage() {
  useDocumentTitle();
  return (
    <Container size="lg" pb="xl">
      <Stack gap="xl">
        <Hero />
        <TaskList />
      </Stack>
    </Container>
  );
}
