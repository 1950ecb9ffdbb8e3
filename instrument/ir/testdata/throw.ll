; ModuleID = 'internal/testprog/testdata/attrib/throw.cc'
source_filename = "internal/testprog/testdata/attrib/throw.cc"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%"class.std::runtime_error" = type { %"class.std::exception", %"struct.std::__cow_string" }
%"class.std::exception" = type { i32 (...)** }
%"struct.std::__cow_string" = type { %union.anon }
%union.anon = type { i8* }
%struct.Guard = type { i8 }

$_ZN5GuardD2Ev = comdat any

@.str = private unnamed_addr constant [18 x i8] c"multiple of three\00", align 1
@_ZTISt13runtime_error = external constant i8*
@_ZTISt9exception = external constant i8*
@_ZL4sink = internal global i64 0, align 8
@.str.1 = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1

; Function Attrs: mustprogress noinline uwtable
define dso_local noundef i32 @_Z6level3i(i32 noundef %0) #0 personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
  %2 = alloca i32, align 4
  %3 = alloca i8*, align 8
  %4 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !5
  %5 = load i32, i32* %2, align 4, !tbaa !5
  %6 = srem i32 %5, 3
  %7 = icmp eq i32 %6, 0
  br i1 %7, label %8, label %16

8:                                                ; preds = %1
  %9 = call i8* @__cxa_allocate_exception(i64 16) #8
  %10 = bitcast i8* %9 to %"class.std::runtime_error"*
  invoke void @_ZNSt13runtime_errorC1EPKc(%"class.std::runtime_error"* noundef nonnull align 8 dereferenceable(16) %10, i8* noundef getelementptr inbounds ([18 x i8], [18 x i8]* @.str, i64 0, i64 0))
          to label %11 unwind label %12

11:                                               ; preds = %8
  call void @__cxa_throw(i8* %9, i8* bitcast (i8** @_ZTISt13runtime_error to i8*), i8* bitcast (void (%"class.std::runtime_error"*)* @_ZNSt13runtime_errorD1Ev to i8*)) #9
  unreachable

12:                                               ; preds = %8
  %13 = landingpad { i8*, i32 }
          cleanup
  %14 = extractvalue { i8*, i32 } %13, 0
  store i8* %14, i8** %3, align 8
  %15 = extractvalue { i8*, i32 } %13, 1
  store i32 %15, i32* %4, align 4
  call void @__cxa_free_exception(i8* %9) #8
  br label %18

16:                                               ; preds = %1
  %17 = load i32, i32* %2, align 4, !tbaa !5
  ret i32 %17

18:                                               ; preds = %12
  %19 = load i8*, i8** %3, align 8
  %20 = load i32, i32* %4, align 4
  %21 = insertvalue { i8*, i32 } undef, i8* %19, 0
  %22 = insertvalue { i8*, i32 } %21, i32 %20, 1
  resume { i8*, i32 } %22
}

declare i8* @__cxa_allocate_exception(i64)

declare void @_ZNSt13runtime_errorC1EPKc(%"class.std::runtime_error"* noundef nonnull align 8 dereferenceable(16), i8* noundef) unnamed_addr #1

declare i32 @__gxx_personality_v0(...)

declare void @__cxa_free_exception(i8*)

; Function Attrs: nounwind
declare void @_ZNSt13runtime_errorD1Ev(%"class.std::runtime_error"* noundef nonnull align 8 dereferenceable(16)) unnamed_addr #2

declare void @__cxa_throw(i8*, i8*, i8*)

; Function Attrs: mustprogress noinline uwtable
define dso_local noundef i32 @_Z6level2i(i32 noundef %0) #0 personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
  %2 = alloca i32, align 4
  %3 = alloca %struct.Guard, align 1
  %4 = alloca i8*, align 8
  %5 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !5
  %6 = bitcast %struct.Guard* %3 to i8*
  call void @llvm.lifetime.start.p0i8(i64 1, i8* %6) #8
  %7 = load i32, i32* %2, align 4, !tbaa !5
  %8 = invoke noundef i32 @_Z6level3i(i32 noundef %7)
          to label %9 unwind label %12

9:                                                ; preds = %1
  %10 = add nsw i32 %8, 1
  call void @_ZN5GuardD2Ev(%struct.Guard* noundef nonnull align 1 dereferenceable(1) %3) #8
  %11 = bitcast %struct.Guard* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 1, i8* %11) #8
  ret i32 %10

12:                                               ; preds = %1
  %13 = landingpad { i8*, i32 }
          cleanup
  %14 = extractvalue { i8*, i32 } %13, 0
  store i8* %14, i8** %4, align 8
  %15 = extractvalue { i8*, i32 } %13, 1
  store i32 %15, i32* %5, align 4
  call void @_ZN5GuardD2Ev(%struct.Guard* noundef nonnull align 1 dereferenceable(1) %3) #8
  %16 = bitcast %struct.Guard* %3 to i8*
  call void @llvm.lifetime.end.p0i8(i64 1, i8* %16) #8
  br label %17

17:                                               ; preds = %12
  %18 = load i8*, i8** %4, align 8
  %19 = load i32, i32* %5, align 4
  %20 = insertvalue { i8*, i32 } undef, i8* %18, 0
  %21 = insertvalue { i8*, i32 } %20, i32 %19, 1
  resume { i8*, i32 } %21
}

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture) #3

; Function Attrs: noinline nounwind uwtable
define linkonce_odr dso_local void @_ZN5GuardD2Ev(%struct.Guard* noundef nonnull align 1 dereferenceable(1) %0) unnamed_addr #4 comdat align 2 {
  %2 = alloca %struct.Guard*, align 8
  store %struct.Guard* %0, %struct.Guard** %2, align 8, !tbaa !9
  %3 = load %struct.Guard*, %struct.Guard** %2, align 8
  %4 = load volatile i64, i64* @_ZL4sink, align 8, !tbaa !11
  %5 = add nsw i64 %4, 1
  store volatile i64 %5, i64* @_ZL4sink, align 8, !tbaa !11
  ret void
}

; Function Attrs: argmemonly nofree nosync nounwind willreturn
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture) #3

; Function Attrs: mustprogress noinline uwtable
define dso_local noundef i32 @_Z6level1i(i32 noundef %0) #0 {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4, !tbaa !5
  %3 = load i32, i32* %2, align 4, !tbaa !5
  %4 = call noundef i32 @_Z6level2i(i32 noundef %3)
  %5 = mul nsw i32 %4, 2
  ret i32 %5
}

; Function Attrs: mustprogress noinline uwtable
define dso_local noundef i64 @_Z7catcheri(i32 noundef %0) #0 personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
  %2 = alloca i64, align 8
  %3 = alloca i32, align 4
  %4 = alloca i8*, align 8
  %5 = alloca i32, align 4
  %6 = alloca %"class.std::exception"*, align 8
  %7 = alloca i64, align 8
  %8 = alloca i64, align 8
  store i32 %0, i32* %3, align 4, !tbaa !5
  %9 = load i32, i32* %3, align 4, !tbaa !5
  %10 = invoke noundef i32 @_Z6level1i(i32 noundef %9)
          to label %11 unwind label %13

11:                                               ; preds = %1
  %12 = sext i32 %10 to i64
  store i64 %12, i64* %2, align 8
  br label %47

13:                                               ; preds = %1
  %14 = landingpad { i8*, i32 }
          catch i8* bitcast (i8** @_ZTISt9exception to i8*)
  %15 = extractvalue { i8*, i32 } %14, 0
  store i8* %15, i8** %4, align 8
  %16 = extractvalue { i8*, i32 } %14, 1
  store i32 %16, i32* %5, align 4
  br label %17

17:                                               ; preds = %13
  %18 = load i32, i32* %5, align 4
  %19 = call i32 @llvm.eh.typeid.for(i8* bitcast (i8** @_ZTISt9exception to i8*)) #8
  %20 = icmp eq i32 %18, %19
  br i1 %20, label %21, label %49

21:                                               ; preds = %17
  %22 = bitcast %"class.std::exception"** %6 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %22) #8
  %23 = load i8*, i8** %4, align 8
  %24 = call i8* @__cxa_begin_catch(i8* %23) #8
  %25 = bitcast i8* %24 to %"class.std::exception"*
  store %"class.std::exception"* %25, %"class.std::exception"** %6, align 8
  %26 = bitcast i64* %7 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %26) #8
  store i64 0, i64* %7, align 8, !tbaa !11
  %27 = bitcast i64* %8 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %27) #8
  store i64 0, i64* %8, align 8, !tbaa !11
  br label %28

28:                                               ; preds = %39, %21
  %29 = load i64, i64* %8, align 8, !tbaa !11
  %30 = icmp slt i64 %29, 200000
  br i1 %30, label %33, label %31

31:                                               ; preds = %28
  %32 = bitcast i64* %8 to i8*
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %32) #8
  br label %42

33:                                               ; preds = %28
  %34 = load i64, i64* %8, align 8, !tbaa !11
  %35 = load volatile i64, i64* @_ZL4sink, align 8, !tbaa !11
  %36 = xor i64 %34, %35
  %37 = load i64, i64* %7, align 8, !tbaa !11
  %38 = add nsw i64 %37, %36
  store i64 %38, i64* %7, align 8, !tbaa !11
  br label %39

39:                                               ; preds = %33
  %40 = load i64, i64* %8, align 8, !tbaa !11
  %41 = add nsw i64 %40, 1
  store i64 %41, i64* %8, align 8, !tbaa !11
  br label %28, !llvm.loop !13

42:                                               ; preds = %31
  %43 = load i64, i64* %7, align 8, !tbaa !11
  store i64 %43, i64* %2, align 8
  %44 = bitcast i64* %7 to i8*
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %44) #8
  call void @__cxa_end_catch()
  %45 = bitcast %"class.std::exception"** %6 to i8*
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %45) #8
  br label %47

46:                                               ; No predecessors!
  unreachable

47:                                               ; preds = %42, %11
  %48 = load i64, i64* %2, align 8
  ret i64 %48

49:                                               ; preds = %17
  %50 = load i8*, i8** %4, align 8
  %51 = load i32, i32* %5, align 4
  %52 = insertvalue { i8*, i32 } undef, i8* %50, 0
  %53 = insertvalue { i8*, i32 } %52, i32 %51, 1
  resume { i8*, i32 } %53
}

; Function Attrs: nounwind readnone
declare i32 @llvm.eh.typeid.for(i8*) #5

declare i8* @__cxa_begin_catch(i8*)

declare void @__cxa_end_catch()

; Function Attrs: mustprogress norecurse uwtable
define dso_local noundef i32 @main(i32 noundef %0, i8** noundef %1) #6 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i8**, align 8
  %6 = alloca i32, align 4
  %7 = alloca i64, align 8
  %8 = alloca i32, align 4
  store i32 0, i32* %3, align 4
  store i32 %0, i32* %4, align 4, !tbaa !5
  store i8** %1, i8*** %5, align 8, !tbaa !9
  %9 = bitcast i32* %6 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %9) #8
  %10 = load i32, i32* %4, align 4, !tbaa !5
  %11 = icmp sgt i32 %10, 1
  br i1 %11, label %12, label %17

12:                                               ; preds = %2
  %13 = load i8**, i8*** %5, align 8, !tbaa !9
  %14 = getelementptr inbounds i8*, i8** %13, i64 1
  %15 = load i8*, i8** %14, align 8, !tbaa !9
  %16 = call i32 @atoi(i8* noundef %15) #10
  br label %18

17:                                               ; preds = %2
  br label %18

18:                                               ; preds = %17, %12
  %19 = phi i32 [ %16, %12 ], [ 30, %17 ]
  store i32 %19, i32* %6, align 4, !tbaa !5
  %20 = bitcast i64* %7 to i8*
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %20) #8
  store i64 0, i64* %7, align 8, !tbaa !11
  %21 = bitcast i32* %8 to i8*
  call void @llvm.lifetime.start.p0i8(i64 4, i8* %21) #8
  store i32 0, i32* %8, align 4, !tbaa !5
  br label %22

22:                                               ; preds = %33, %18
  %23 = load i32, i32* %8, align 4, !tbaa !5
  %24 = load i32, i32* %6, align 4, !tbaa !5
  %25 = icmp slt i32 %23, %24
  br i1 %25, label %28, label %26

26:                                               ; preds = %22
  %27 = bitcast i32* %8 to i8*
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %27) #8
  br label %36

28:                                               ; preds = %22
  %29 = load i32, i32* %8, align 4, !tbaa !5
  %30 = call noundef i64 @_Z7catcheri(i32 noundef %29)
  %31 = load i64, i64* %7, align 8, !tbaa !11
  %32 = add nsw i64 %31, %30
  store i64 %32, i64* %7, align 8, !tbaa !11
  br label %33

33:                                               ; preds = %28
  %34 = load i32, i32* %8, align 4, !tbaa !5
  %35 = add nsw i32 %34, 1
  store i32 %35, i32* %8, align 4, !tbaa !5
  br label %22, !llvm.loop !16

36:                                               ; preds = %26
  %37 = load i64, i64* %7, align 8, !tbaa !11
  %38 = call i32 (i8*, ...) @printf(i8* noundef getelementptr inbounds ([5 x i8], [5 x i8]* @.str.1, i64 0, i64 0), i64 noundef %37)
  %39 = bitcast i64* %7 to i8*
  call void @llvm.lifetime.end.p0i8(i64 8, i8* %39) #8
  %40 = bitcast i32* %6 to i8*
  call void @llvm.lifetime.end.p0i8(i64 4, i8* %40) #8
  ret i32 0
}

; Function Attrs: inlinehint mustprogress nounwind readonly uwtable willreturn
define available_externally i32 @atoi(i8* noundef nonnull %0) #7 {
  %2 = alloca i8*, align 8
  store i8* %0, i8** %2, align 8, !tbaa !9
  %3 = load i8*, i8** %2, align 8, !tbaa !9
  %4 = call i64 @strtol(i8* noundef %3, i8** noundef null, i32 noundef 10) #8
  %5 = trunc i64 %4 to i32
  ret i32 %5
}

declare i32 @printf(i8* noundef, ...) #1

; Function Attrs: nounwind
declare i64 @strtol(i8* noundef, i8** noundef, i32 noundef) #2

attributes #0 = { mustprogress noinline uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind "frame-pointer"="none" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { argmemonly nofree nosync nounwind willreturn }
attributes #4 = { noinline nounwind uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind readnone }
attributes #6 = { mustprogress norecurse uwtable "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { inlinehint mustprogress nounwind readonly uwtable willreturn "frame-pointer"="none" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nounwind }
attributes #9 = { noreturn }
attributes #10 = { nounwind readonly willreturn }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{!"Debian clang version 14.0.6"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"any pointer", !7, i64 0}
!11 = !{!12, !12, i64 0}
!12 = !{!"long", !7, i64 0}
!13 = distinct !{!13, !14, !15}
!14 = !{!"llvm.loop.mustprogress"}
!15 = !{!"llvm.loop.unroll.disable"}
!16 = distinct !{!16, !14, !15}
