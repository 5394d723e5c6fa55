import type { Student, StudentInput } from '@exam/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { demoPaths } from './paths.ts';
import { DataTable, type TableColumn } from '../../components/ui/data-table.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { Notice } from '../../components/ui/page.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { demoApi, demoKeys } from './api.ts';
import { DemoPage, demoFailure } from './demo-page.tsx';
import { StudentForm, type StudentFailure } from './student-form.tsx';
import { ask } from '../../components/ui/dialog.tsx';

export const CREATED = 'Student Created Succesfully'; // sic: the text staff know

const failureText = (error: Error) => demoFailure(error).banner;

export function StudentList() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: demoKeys.all, queryFn: demoApi.list });
  const [message, setMessage] = useState<string>();
  const remove = useMutation({
    mutationFn: demoApi.remove,
    onSuccess: (answer) => {
      setMessage(answer.message || 'Student deleted');
      return client.invalidateQueries({ queryKey: demoKeys.all });
    },
    onError: (error) => console.error(error),
  });
  const columns: TableColumn<Student>[] = [
    { id: 'id', header: 'Id', cell: (s) => s.id },
    { id: 'stuname', header: 'Student Name', cell: (s) => s.stuname },
    { id: 'email', header: 'Email', cell: (s) => s.email },
    {
      id: 'action',
      header: 'Action',
      className: 'actions',
      cell: (s) => (
        <span className="row-actions">
          <Link
            className="icon-button view"
            to={demoPaths.view(s.id)}
            aria-label={`View ${s.id}`}
            title={`View ${s.id}`}
          >
            <Icon name="view" />
          </Link>
          <Link
            className="icon-button edit"
            to={demoPaths.edit(s.id)}
            aria-label={`Edit ${s.id}`}
            title={`Edit ${s.id}`}
          >
            <Icon name="edit" />
          </Link>
          <button
            type="button"
            className="icon-button delete"
            aria-label={`Delete ${s.id}`}
            title={`Delete ${s.id}`}
            onClick={async () =>
              (await ask('Do you want to delete the student', { detail: `${s.id} ${s.stuname}` })) &&
              remove.mutate(s.id)
            }
          >
            <Icon name="delete" />
          </button>
        </span>
      ),
    },
  ];
  return (
    <DemoPage title="Student List" home={false}>
      <p>
        <Link className="button primary" to={demoPaths.add}>
          Add Student
        </Link>
      </p>
      {message && <Notice kind="success">{message}</Notice>}
      <QueryState query={query} failure={failureText}>
        {(students) => (
          <DataTable caption="Students" columns={columns} rows={students} rowKey={(s) => String(s.id)} />
        )}
      </QueryState>
    </DemoPage>
  );
}

export function StudentAdd() {
  const client = useQueryClient();
  const [failure, setFailure] = useState<StudentFailure>({});
  const [created, setCreated] = useState(false);
  const onSubmit = async (input: StudentInput) => {
    setFailure({});
    setCreated(false);
    try {
      await demoApi.create(input);
      setCreated(true);
      await client.invalidateQueries({ queryKey: demoKeys.all });
      return true;
    } catch (error) {
      setFailure(demoFailure(error));
      return false;
    }
  };
  return (
    <DemoPage title="Add Student">
      {created && (
        <p className="notice success banner" role="status">
          {CREATED}
        </p>
      )}
      <StudentForm submitLabel="Submit" onSubmit={onSubmit} failure={failure} />
    </DemoPage>
  );
}

function useStudent() {
  const { id = '' } = useParams();
  return { id, query: useQuery({ queryKey: demoKeys.one(id), queryFn: () => demoApi.get(id) }) };
}

export function StudentEdit() {
  const client = useQueryClient();
  const { id, query } = useStudent();
  const [failure, setFailure] = useState<StudentFailure>({});
  const [message, setMessage] = useState<string>();
  const onSubmit = async (input: StudentInput) => {
    setFailure({});
    setMessage(undefined);
    try {
      const answer = await demoApi.update(id, input);
      setMessage(answer.message || 'Student updated');
      await client.invalidateQueries({ queryKey: demoKeys.all });
      return false;
    } catch (error) {
      setFailure(demoFailure(error));
      return false;
    }
  };
  return (
    <DemoPage title="Edit Student">
      {message && <Notice kind="success">{message}</Notice>}
      <QueryState query={query} failure={failureText}>
        {(student) => (
          <StudentForm
            key={student.updated_at}
            id={student.id}
            initial={{ stuname: student.stuname, email: student.email }}
            submitLabel="Update"
            onSubmit={onSubmit}
            failure={failure}
          />
        )}
      </QueryState>
    </DemoPage>
  );
}

export function StudentView() {
  const { query } = useStudent();
  return (
    <DemoPage title="View Student">
      <QueryState query={query} failure={failureText}>
        {(student) => (
          <dl className="details">
            <dt>Id</dt>
            <dd>{student.id}</dd>
            <dt>Student Name</dt>
            <dd>{student.stuname}</dd>
            <dt>Email</dt>
            <dd>{student.email}</dd>
          </dl>
        )}
      </QueryState>
    </DemoPage>
  );
}
