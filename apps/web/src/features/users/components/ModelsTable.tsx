import { useState } from 'react';
import { PAGE_SIZES } from '@dynaloop/contract/constants';
import { Anchor, Badge, Table } from '@mantine/core';
import { Link } from 'react-router';
import { PagedQuery } from '../../../components/PagedQuery';
import { taskPath } from '../../tasks/paths';
import { useUserModels } from '../api/get-user-models';

/** A user's models (Name, Task, Publication Status), 10 a page, each linking to its page. */
export function ModelsTable({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const size = PAGE_SIZES.modelTable;
  const query = useUserModels(userId, page, size);
  return (
    <PagedQuery
      query={query}
      loadingLabel="Loading models…"
      errorTitle="Models could not be loaded"
      page={page}
      pageSize={size}
      onPageChange={setPage}
      pagesLabel="Model pages"
    >
      {(data) => (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label="Models">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Task</Table.Th>
                <Table.Th scope="col">Publication Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((model) => (
                <Table.Tr key={model.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/models/${String(model.id)}`}>
                      {model.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={taskPath(model.task.task_code)} c="dimmed">
                      {model.task.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={model.is_published ? 'teal' : 'gray'} tt="none">
                      {model.is_published ? 'Published' : 'Unpublished'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedQuery>
  );
}
