"""The same authenticated list call as Miscue's GET /api/school/<id>/grade/, in the stack a Django shop
would write: Django REST Framework on gunicorn (bench/api.ts starts it with two sync workers) reading the
same PostgreSQL database (unmanaged models over Miscue's tables). Same contract: bearer token stored as
its SHA-256, bound to the host's institution, the school must be the institution's, page of 15 with the
count, case-insensitive contains search, ordering, and whether each grade is in use.
Environment: PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE."""
import hashlib
import os
import re
from datetime import timedelta

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY='bench-only',
    ALLOWED_HOSTS=['*'],
    ROOT_URLCONF=__name__,
    USE_TZ=True,
    INSTALLED_APPS=['django.contrib.contenttypes', 'django.contrib.auth', 'rest_framework'],
    MIDDLEWARE=[],
    DATABASES={'default': {
        'ENGINE': 'django.db.backends.postgresql',
        'HOST': os.environ.get('PGHOST', '127.0.0.1'), 'PORT': os.environ.get('PGPORT', '5432'),
        'USER': os.environ.get('PGUSER', 'postgres'), 'PASSWORD': os.environ.get('PGPASSWORD', ''),
        'NAME': os.environ['PGDATABASE'],
        'CONN_MAX_AGE': 600,  # persistent connections, as a production deployment would set
    }},
    REST_FRAMEWORK={
        # Set on the view (this module's own class cannot be named here while the module loads).
        'DEFAULT_AUTHENTICATION_CLASSES': [],
        'DEFAULT_RENDERER_CLASSES': ['rest_framework.renderers.JSONRenderer'],
        'UNAUTHENTICATED_USER': None,
    },
)
django.setup()

from django.db import models  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import timezone  # noqa: E402
from rest_framework import exceptions, generics, serializers  # noqa: E402
from rest_framework.authentication import BaseAuthentication  # noqa: E402
from rest_framework.pagination import PageNumberPagination  # noqa: E402
from rest_framework.permissions import IsAuthenticated  # noqa: E402
from rest_framework.response import Response  # noqa: E402

IDLE = timedelta(seconds=int(os.environ.get('SESSION_IDLE_SECONDS', 86400)))
BASE_DOMAIN = os.environ.get('BASE_DOMAIN', 'localhost')


class Institution(models.Model):
    subdomain_name = models.CharField(max_length=63)
    is_active = models.BooleanField()

    class Meta:
        managed = False
        db_table = 'institutions'
        app_label = 'bench'


class User(models.Model):
    institution_id = models.IntegerField(null=True)
    role = models.CharField(max_length=30)
    is_active = models.BooleanField()

    class Meta:
        managed = False
        db_table = 'users'
        app_label = 'bench'

    @property
    def is_authenticated(self):
        return True


class AuthToken(models.Model):
    token_hash = models.CharField(max_length=64)
    user = models.ForeignKey(User, on_delete=models.DO_NOTHING)
    institution_id = models.IntegerField(null=True)
    expires_at = models.DateTimeField()
    revoked_at = models.DateTimeField(null=True)
    last_used_at = models.DateTimeField()

    class Meta:
        managed = False
        db_table = 'auth_tokens'
        app_label = 'bench'


class School(models.Model):
    institution_id = models.IntegerField()

    class Meta:
        managed = False
        db_table = 'schools'
        app_label = 'bench'


class Grade(models.Model):
    institution_id = models.IntegerField()
    school_id = models.IntegerField()
    identifier = models.CharField(max_length=50)
    display_name = models.CharField(max_length=100)
    updated_at = models.DateTimeField()

    class Meta:
        managed = False
        db_table = 'grades'
        app_label = 'bench'


class SchoolClass(models.Model):
    grade_id = models.IntegerField()

    class Meta:
        managed = False
        db_table = 'classes'
        app_label = 'bench'


SEES_ALL = {'platform_admin', 'institution_admin'}


class BearerToken(BaseAuthentication):
    def authenticate(self, request):
        match = re.match(r'^Bearer\s+(\S+)$', request.META.get('HTTP_AUTHORIZATION', ''), re.I)
        if not match:
            return None
        host = request.get_host().split(':')[0].lower()
        sub = host[: -len(BASE_DOMAIN) - 1] if host.endswith('.' + BASE_DOMAIN) else None
        institution = Institution.objects.filter(subdomain_name__iexact=sub, is_active=True).first() if sub else None
        if sub and institution is None:
            raise exceptions.NotFound()
        request.institution = institution
        now = timezone.now()
        token = (AuthToken.objects.select_related('user')
                 .filter(token_hash=hashlib.sha256(match.group(1).encode()).hexdigest(), revoked_at__isnull=True,
                         expires_at__gt=now, last_used_at__gt=now - IDLE, user__is_active=True).first())
        if token is None or token.institution_id != (institution.id if institution else None):
            raise exceptions.AuthenticationFailed()
        return token.user, token


class GradeSerializer(serializers.ModelSerializer):
    is_deletable = serializers.SerializerMethodField()

    class Meta:
        model = Grade
        fields = ['id', 'school_id', 'identifier', 'display_name', 'is_deletable', 'updated_at']

    def get_is_deletable(self, grade):
        return grade.id not in self.context['used']


class Pages(PageNumberPagination):
    page_size = 15

    def get_paginated_response(self, data):
        return Response({'payload': {'results': data, 'count': self.page.paginator.count}})


ORDERING = {'id', 'identifier', 'display_name', 'updated_at'}


class GradeList(generics.ListAPIView):
    authentication_classes = [BearerToken]
    permission_classes = [IsAuthenticated]
    serializer_class = GradeSerializer
    pagination_class = Pages

    def get_queryset(self):
        institution = self.request.institution
        school_id = self.kwargs['school_id']
        if institution is None or not School.objects.filter(id=school_id, institution_id=institution.id).exists():
            raise exceptions.NotFound()
        if self.request.user.role not in SEES_ALL:
            raise exceptions.PermissionDenied()  # (mapped schools: not needed for the bench's admin)
        qs = Grade.objects.filter(institution_id=institution.id, school_id=school_id)
        for field in ('identifier', 'display_name'):
            value = self.request.query_params.get(field, '').strip()
            if value:
                qs = qs.filter(**{f'{field}__icontains': value[:200]})
        ordering = self.request.query_params.get('ordering') or 'identifier'
        if ordering.lstrip('-') not in ORDERING:
            raise exceptions.ValidationError('invalid ordering')
        return qs.order_by(ordering, 'id')

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        used = set(SchoolClass.objects.filter(grade_id__in=[g.id for g in page]).values_list('grade_id', flat=True).distinct())
        return self.get_paginated_response(GradeSerializer(page, many=True, context={'used': used}).data)


urlpatterns = [path('api/school/<int:school_id>/grade/', GradeList.as_view())]

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
